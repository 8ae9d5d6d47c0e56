// The engine over real Kafka and PostgreSQL: points through the shared broker's `measurements`, rules in a
// database of the test's own, a restart in the middle of the stream with the bus redelivering from the
// last committed offset. Variable ids are unique to the run, so other suites' points are only skipped.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics, type IncidenceEvent } from '@plantlens/contracts';
import { ensureKafkaTopics } from '@plantlens/platform';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Client } from 'pg';
import { median, reference, simulatedSeries } from './reference-evaluation';
import {
  newRule,
  publishAssetAlarms,
  publishPoints,
  startRulesApp,
  storedCounts,
  storedIncidences,
} from './rules-app';
import { RuleRepository } from '../src/rule/rule.repository';
import { OutboxService, RuleEngineService } from '../src';

const RUN = `${process.pid}${Date.now() % 100_000}`;
const DATABASE = `plantlens_rules_it_${RUN}`;
const GROUP = `rules-it-${RUN}`;
// Ids no variables service hands out soon: unique to this run.
const TEMPERATURE = 1_500_000_000 + (Number(RUN) % 100_000_000);
const STEP = 10_000;
// A valve of this run only: its failures make a source no other suite touches.
const VALVE = `valve${RUN}`;

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
  const valveEvents: IncidenceEvent[] = [];
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
    // On a fresh broker `incidences` does not exist until a service creates it, and subscribing first
    // races its leader election ("This server does not host this topic-partition").
    await ensureKafkaTopics(`rules-it-${RUN}`, brokers.split(','), 6);
    await consumer.connect();
    await consumer.subscribe({ topic: Topics.incidences, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(String(message.value)) as IncidenceEvent;
        if (event.variableIds.includes(TEMPERATURE)) events.push(event);
        if (event.ruleName.startsWith(`${VALVE} `)) valveEvents.push(event);
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
    // The rule's only: the group reads `asset-alarms` from the start too, and the shared broker's valve
    // failures become incidences of their sources in this database.
    const ownIncidences = async () =>
      (await storedIncidences(app!)).filter((incidence) => incidence.ruleId === ruleId);
    expect(expected.openings.length).toBeGreaterThan(2);
    const half = temperature.length >> 1;
    // The rule reaches the engine through `catalog`; its first points must come after that.
    await eventually(async () => expect(app!.get(RuleEngineService).ruleCount).toBe(1));
    await publishPoints(app, temperature.slice(0, half), 100);
    await eventually(async () => {
      const stored = await ownIncidences();
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
      const stored = await ownIncidences();
      expect(stored.map((i) => [i.ruleId, i.openedAt, i.closedAt])).toEqual(
        expected.openings.map((openedAt, index) => [ruleId, openedAt, expected.closings[index] ?? null]),
      );
    });
    await eventually(async () => {
      const counts = (await storedCounts(app!)).filter((c) => c.ruleId === ruleId);
      expect(counts.map((c) => [c.evaluations, c.activations])).toEqual(
        [...expected.counts.values()].map(([evaluations, activations]) => [evaluations, activations]),
      );
    });
    await eventually(async () => {
      expect(events.filter((e) => e.type === 'opened').map((e) => e.openedAt)).toEqual(expected.openings);
      expect(events.filter((e) => e.type === 'closed').map((e) => e.closedAt)).toEqual(expected.closings);
    });
  });

  // Two instances split the rules (id modulo 2), each reading every partition in a group of its own: a
  // rule is evaluated once, by its owner, whichever partitions its inputs travel on.
  it('splits rules between two shards, each evaluating its own rules once', async () => {
    await app?.close();
    app = undefined;
    const shard = (index: number) =>
      startRulesApp(
        { ...config, RULES_ENGINE_SHARDS: '2', RULES_ENGINE_SHARD: String(index) },
        `${GROUP}-shard-${index}`,
      );
    const shards = [await shard(0), await shard(1)];
    try {
      // Variables of their own: the first test's temperature has a watermark hours ahead.
      const temperatureId = TEMPERATURE + 2;
      const pressure = TEMPERATURE + 3; // another key, so another partition than the temperature
      const start = Math.ceil(Date.now() / STEP) * STEP + STEP;
      const end = start + 3_600_000;
      const temperature = simulatedSeries(temperatureId, 'cdu_feed_temperature', start, end, STEP);
      const pressures = simulatedSeries(pressure, 'dcu_drum_a_pressure', start, end, STEP);
      const [t, p] = [median(temperature), median(pressures)];
      const ids = await shards[0]
        .get(RuleRepository)
        .insertMany(
          [
            newRule({ varOneId: temperatureId, operator: '<', constant: t }),
            newRule({ varOneId: pressure, operator: '>=', constant: p }),
            newRule({ varOneId: temperatureId, operator: '>', varTwoId: pressure }),
            newRule({ varOneId: pressure, operator: '<=', constant: p }),
          ],
          'shard-0',
        );
      shards[0].get(OutboxService).drainSoon();
      await eventually(async () => {
        for (const index of [0, 1]) {
          const engine = shards[index].get(RuleEngineService);
          expect(ids.map((id) => engine.evaluates(id))).toEqual(ids.map((id) => id % 2 === index));
        }
      });
      await publishPoints(shards[0], [...temperature, ...pressures], 100);
      const expectedFor = (points: typeof temperature, holds: (value: number) => boolean) =>
        reference(points.map((point) => ({ ts: point.ts, active: holds(point.value) })));
      const expected = new Map([
        [ids[0], expectedFor(temperature, (v) => v < t)],
        [ids[1], expectedFor(pressures, (v) => v >= p)],
        [ids[3], expectedFor(pressures, (v) => v <= p)],
      ]);
      await eventually(async () => {
        const counts = await storedCounts(shards[0]);
        for (const [ruleId, reference] of expected) {
          const evaluations = counts
            .filter((c) => c.ruleId === ruleId)
            .reduce((sum, c) => sum + c.evaluations, 0);
          expect([ruleId, evaluations]).toEqual([ruleId, temperature.length]);
          const stored = (await storedIncidences(shards[0])).filter((i) => i.ruleId === ruleId);
          expect(stored.map((i) => i.openedAt)).toEqual(reference.openings);
        }
        // The variable-vs-variable rule, inputs on two partitions: each point of either input once the other
        // has a value (how many depends on how the partitions interleave), and only by its owner.
        const mixed = counts.filter((c) => c.ruleId === ids[2]).reduce((sum, c) => sum + c.evaluations, 0);
        expect(mixed).toBeGreaterThanOrEqual(pressures.length - 1);
        expect(mixed).toBeLessThanOrEqual(temperature.length + pressures.length - 1);
      });
    } finally {
      for (const instance of shards) await instance.close();
    }
  });

  // Valve failures through Kafka's `asset-alarms`: one incidence per failure on the valve's source, a
  // redelivered event (the valve monitor publishes at least once) adding nothing, each event published once.
  it('turns valve failures into incidences of their source, once however often they are delivered', async () => {
    await app?.close();
    app = await startRulesApp(config, `${GROUP}-alarms`);
    const begin = Math.floor(Date.now() / 1000) * 1000 - 600_000;
    const failure = (eventId: string, beginMs: number) => ({
      eventId,
      asset: VALVE,
      errorCode: 4,
      operation: 'closure' as const,
      beginMs,
      endMs: beginMs + 20_000,
    });
    const first = failure('f-1', begin);
    await publishAssetAlarms(app, [first, first, failure('f-2', begin + 60_000), first]);
    await eventually(async () => {
      const [source] = (await app!.get(RuleRepository).findAll()).filter(
        (rule) => rule.source?.asset === VALVE,
      );
      expect(source?.name).toBe(`${VALVE} · 4 high torque when running`);
      const stored = (await storedIncidences(app!)).filter((i) => i.ruleId === source.id);
      expect(stored.map((i) => [i.openedAt, i.closedAt])).toEqual([
        [begin, begin + 20_000],
        [begin + 60_000, begin + 80_000],
      ]);
      expect(valveEvents.map((e) => [e.type, e.ruleId, e.openedAt])).toEqual([
        ['opened', source.id, begin],
        ['closed', source.id, begin],
        ['opened', source.id, begin + 60_000],
        ['closed', source.id, begin + 60_000],
      ]);
    });
  });
});
