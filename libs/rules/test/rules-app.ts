// The rules module alone in a real app (PGlite, in-memory bus), fed through the bus like in production.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  Topics,
  type AssetAlarmEvent,
  type IncidenceEvent,
  type MeasurementPoint,
} from '@plantlens/contracts';
import {
  createServiceApp,
  Database,
  EventPublisher,
  IN_MEMORY_DATA_DIR,
  InMemoryBroker,
  loadPlatformConfig,
  measurementKey,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { OutboxService, RulesModule } from '../src';
import { DayCountRepository } from '../src/engine/day-count.repository';
import { RuleRepository, type NewRule } from '../src/rule/rule.repository';

export type ConfigOverrides = Partial<Record<keyof PlatformConfig, string>>;

export async function startRulesApp(
  overrides: ConfigOverrides = {},
  consumerGroup = 'rules-test',
): Promise<NestFastifyApplication> {
  const config = loadPlatformConfig(
    { DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' },
    overrides,
  );
  const app = await createServiceApp({
    name: 'rules-test',
    module: serviceModule(config, [RulesModule]),
    config,
    consumerGroup,
    checkResponseContracts: true,
  });
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export function newRule(fields: Partial<NewRule> & Pick<NewRule, 'varOneId' | 'operator'>): NewRule {
  return {
    name: `rule ${fields.varOneId} ${fields.operator}`,
    enabled: true,
    varTwoId: null,
    constant: null,
    minDurationSeconds: 0,
    deadband: 0,
    emails: [],
    tags: [],
    varOneLabel: `Variable ${fields.varOneId}`,
    varOneReference: `asset${fields.varOneId}_signal`,
    varOneUnit: '°C',
    varTwoLabel: fields.varTwoId ? `Variable ${fields.varTwoId}` : null,
    varTwoReference: fields.varTwoId ? `asset${fields.varTwoId}_signal` : null,
    ...fields,
  };
}

/** Creates rules as the API does (row + catalog event) and waits until the engine has them. */
export async function createRules(app: NestFastifyApplication, rules: NewRule[]): Promise<number[]> {
  const ids = await app.get(RuleRepository).insertMany(rules, 'shard-0');
  await settle(app);
  return ids;
}

/** Publishes points on `measurements` keyed by variable, in batches, as data sources do. */
export async function publishPoints(app: NestFastifyApplication, points: MeasurementPoint[], batch = 500) {
  const publisher = app.get(EventPublisher);
  for (let start = 0; start < points.length; start += batch) {
    const slice = points.slice(start, start + batch);
    const byKey = new Map<string, MeasurementPoint[]>();
    for (const point of slice) {
      const key = measurementKey(point.variableId, 6);
      byKey.set(key, [...(byKey.get(key) ?? []), point]);
    }
    for (const [key, keyed] of byKey) {
      await publisher.publish(Topics.measurements, { source: 'test', points: keyed }, key);
    }
  }
}

/** Publishes valve failures on `asset-alarms`, keyed by asset as the valve monitor does. */
export async function publishAssetAlarms(app: NestFastifyApplication, alarms: AssetAlarmEvent[]) {
  const publisher = app.get(EventPublisher);
  for (const alarm of alarms) await publisher.publish(Topics.assetAlarms, alarm, alarm.asset);
}

/** Waits until the bus is empty and every event written is published. */
export async function settle(app: NestFastifyApplication): Promise<void> {
  const broker = app.get(InMemoryBroker);
  const outbox = app.get(OutboxService);
  for (let round = 0; round < 3; round += 1) {
    await broker.drain();
    outbox.drainSoon();
    await outbox.flush();
  }
  await broker.drain();
}

/** Collects what the engine publishes on `incidences`. */
export function collectIncidences(app: NestFastifyApplication, group: string): IncidenceEvent[] {
  const events: IncidenceEvent[] = [];
  app.get(InMemoryBroker).subscribe(Topics.incidences, group, async (message) => {
    events.push(JSON.parse(message.value) as IncidenceEvent);
  });
  return events;
}

export interface StoredIncidence {
  ruleId: number;
  openedAt: number;
  closedAt: number | null;
}

export async function storedIncidences(app: NestFastifyApplication): Promise<StoredIncidence[]> {
  return app.get(Database).withConnection((connection) =>
    connection.query<StoredIncidence>(
      `select rule_id as "ruleId", opened_ms::float8 as "openedAt", closed_ms::float8 as "closedAt"
         from rules.incidence order by rule_id, opened_ms`,
    ),
  );
}

export async function storedCounts(
  app: NestFastifyApplication,
): Promise<{ ruleId: number; day: string; evaluations: number; activations: number }[]> {
  await app.get(DayCountRepository).fold();
  return app.get(Database).withConnection((connection) =>
    connection.query(
      `select rule_id as "ruleId", to_char(day, 'YYYY-MM-DD') as day, evaluations::float8 as evaluations,
           activations::float8 as activations from rules.rule_day order by rule_id, day`,
    ),
  );
}
