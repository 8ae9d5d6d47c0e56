import { Topics } from '@plantlens/contracts';
import { loadPlatformConfig } from '@plantlens/platform';
import { execFileSync } from 'node:child_process';
import { clusterEnvironment, recreateTopic } from './cluster-environment';
import { describeMeasurementPipeline } from './measurement-pipeline.scenario';

describeMeasurementPipeline('cluster: PostgreSQL + Kafka', async () => {
  const { databaseUrl, brokers } = clusterEnvironment();
  await recreateTopic(brokers, Topics.measurements);
  return loadPlatformConfig({
    DATABASE_URL: databaseUrl,
    KAFKA_BROKERS: brokers,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  });
});

describe('the measurements topic on the broker', () => {
  it("is visible to the broker's own tools", () => {
    const output = execFileSync(
      'bash',
      ['tools/kafka/topics.sh', '--describe', '--topic', Topics.measurements],
      {
        encoding: 'utf8',
      },
    );
    expect(output).toMatch(/Topic:\s*measurements\s+.*PartitionCount:\s*6/);
  });
});
