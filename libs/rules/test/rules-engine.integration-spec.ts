// The engine over real Kafka and PostgreSQL: points through the shared broker's `measurements`, rules in a
// database of the test's own, a restart in the middle of the stream with the bus redelivering from the
// last committed offset. Variable ids are unique to the run, so other suites' points are only skipped.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics, type IncidenceEvent } from '@plantlens/contracts';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Client } from 'pg';
import { median, reference, simulatedSeries } from './reference-evaluation';
import { newRule, publishPoints, startRulesApp, storedCounts, storedIncidences } from './rules-app';
import { RuleRepository } from '../src/rule/rule.repository';
import { OutboxService, RuleEngineService } from '../src';

const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_rules_it_${RUN}`;
const GROUP = `rules-it-${RUN}`;
// Ids no variables service hands out soon: unique to this run.
const TEMPERATURE = 1_500_000_000 + (Number(RUN) % 100_000_000);
const STEP = 10_000;

function environment() {
  const { DATABASE_URL, KAFKA_BROKERS } = process.env;
  if (!DATABASE_URL || !KAFKA_BROKERS) {
    throw new Error(
      'Needs DATABASE_URL and KAFKA_BROKERS from tools/postgres/start.sh and tools/kafka/start.sh',
    );
  }
  return { baseUrl: DATABASE_URL, brokers: KAFKA_BROKERS };
}

async function eventually(check: () => Promise<void>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('rules engine over Kafka and PostgreSQL', () => {
  const { baseUrl, brokers } = environment();
  const databaseUrl = baseUrl.replace(/\/[^/?]+(\?|$)/, `/${DATABASE}$1`);
  const config = { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers, KAFKA_CLIENT_ID: `rules-it-${RUN}` };
  const events: IncidenceEvent[] = [];
  let consumer: Consumer;
  let app: NestFastifyApplication | undefined;

  beforeAll(async () => {
    const server = new Client({ connectionString: baseUrl });
    await server.connect();
    await server.query(`create database ${DATABASE}`);
    await server.end();
    consumer = new Kafka({
      clientId: `rules-it-${RUN}`,
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
    }).consumer({
      groupId: `${GROUP}-incidences`,
    });
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.incidences, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(String(message.value)) as IncidenceEvent;
        if (event.variableIds.includes(TEMPERATURE)) events.push(event);
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await consumer?.disconnect();
    const server = new Client({ connectionString: baseUrl });
    await server.connect();
    await server.query(`drop database if exists ${DATABASE} with (force)`);
    await server.end();
  });

  it('opens and counts like the reference across a restart, each incidence stored and published once', async () => {
    app = await startRulesApp(config, GROUP);
    const start = Math.ceil(Date.now() / STEP) * STEP + STEP;
    const temperature = simulatedSeries(
      TEMPERATURE,
      'cdu_feed_temperature',
      start,
      start + 3 * 3_600_000,
      STEP,
    );
    const threshold = median(temperature);
    const [ruleId] = await app
      .get(RuleRepository)
      .insertMany([newRule({ varOneId: TEMPERATURE, operator: '>', constant: threshold })], 'shard-0');
    app.get(OutboxService).drainSoon();
    const expected = reference(
      temperature.map((point) => ({ ts: point.ts, active: point.value > threshold })),
    );
    expect(expected.openings.length).toBeGreaterThan(2);
    const half = temperature.length >> 1;
    // The rule reaches the engine through `catalog`; its first points must come after that.
    await eventually(async () => expect(app!.get(RuleEngineService).ruleCount).toBe(1));
    await publishPoints(app, temperature.slice(0, half), 100);
    await eventually(async () => {
      const stored = await storedIncidences(app!);
      expect(stored.length).toBe(
        expected.openings.filter((openedAt) => openedAt <= temperature[half - 1].ts).length,
      );
    });
    await app.close();

    // A new instance of the same consumer group takes over; the second half follows, and part of the first
    // comes again (a source re-publishing).
    app = await startRulesApp(config, GROUP);
    await publishPoints(app, temperature.slice(half >> 1), 100);
    await eventually(async () => {
      const stored = await storedIncidences(app!);
      expect(stored.map((i) => [i.ruleId, i.openedAt, i.closedAt])).toEqual(
        expected.openings.map((openedAt, index) => [ruleId, openedAt, expected.closings[index] ?? null]),
      );
    });
    await eventually(async () => {
      const counts = await storedCounts(app!);
      expect(counts.map((c) => [c.evaluations, c.activations])).toEqual(
        [...expected.counts.values()].map(([evaluations, activations]) => [evaluations, activations]),
      );
    });
    await eventually(async () => {
      expect(events.filter((e) => e.type === 'opened').map((e) => e.openedAt)).toEqual(expected.openings);
      expect(events.filter((e) => e.type === 'closed').map((e) => e.closedAt)).toEqual(expected.closings);
    });
  });
});
