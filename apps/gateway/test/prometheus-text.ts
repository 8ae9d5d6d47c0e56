// Scrapes an app's /metrics as Prometheus does and reads the text format: one sample per line,
// `name{labels} value`.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parsePrometheusText(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[name!] = value!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

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
