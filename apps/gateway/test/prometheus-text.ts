// Scrapes an app's /metrics as Prometheus does, read with the back office's parser of the text format.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parsePrometheusText, type MetricSample } from '@plantlens/operations';
import request from 'supertest';

export type Sample = MetricSample;

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** GET /metrics with the bearer token, which must answer 200 in the Prometheus text format. */
export async function scrapeMetrics(app: NestFastifyApplication, token: string): Promise<Sample[]> {
  const answer = await request(app.getHttpServer()).get('/metrics').set('authorization', `Bearer ${token}`);
  if (answer.status !== 200) throw new Error(`/metrics answered ${answer.status}`);
  if (answer.headers['content-type'] !== 'text/plain; version=0.0.4; charset=utf-8')
    throw new Error(`/metrics answered ${answer.headers['content-type']}`);
  return parsePrometheusText(answer.text);
}
