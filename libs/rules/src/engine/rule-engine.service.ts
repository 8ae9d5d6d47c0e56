import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { MeasurementPoint, RuleCatalogEvent } from '@plantlens/contracts';
import { PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { incidenceEmail, transitionMessages } from '../notification/incidence-email';
import { OutboxService, type OutboxRow } from '../outbox/outbox.service';
import { DayCountRepository } from './day-count.repository';
import { EngineMetrics } from './engine-metrics';
import { EngineRepository, type LoadedRule, type RuleDefinition } from './engine.repository';
import { EngineShard } from './engine-shard';
import { RuleEngine, type EngineCheckpoint } from './rule-engine';

// How often the day counts appended by checkpoints are folded into rules.rule_day (reads fold first).
const FOLD_INTERVAL_MS = 5_000;

interface Waiter {
  generation: number;
  /** the newest point instant of its message, null for other messages */
  newestPointMs: number | null;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface EngineCounters {
  points: number;
  evaluations: number;
  skipped: number;
  malformed: number;
  checkpoints: number;
}

// Runs the rule engine of this shard inside the service. Points are evaluated as they arrive; a handler
// resolves — and the bus commits its offset — only once a checkpoint holding its effects is committed.
// Checkpoints are group commits: handlers arriving while one is written wait for the next, which takes
// all their effects at once, so the database sees a few statements per checkpoint whatever the rate.
// If a checkpoint fails, the engine rewinds to the database and fails every handler not yet committed,
// so the bus redelivers their messages: nothing is lost, and the watermarks keep anything from counting twice.
@Injectable()
export class RuleEngineService
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('RuleEngine');
  private engine = new RuleEngine<RuleDefinition>();
  private generation = 0;
  private ready: Promise<void> = new Promise(() => undefined);
  private waiting: Waiter[] = [];
  private committing = false;
  private readonly dayCountFolds: PeriodicJob<void>;
  private stopping = false;
  readonly counters: EngineCounters = { points: 0, evaluations: 0, skipped: 0, malformed: 0, checkpoints: 0 };

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly repository: EngineRepository,
    private readonly shard: EngineShard,
    private readonly outbox: OutboxService,
    private readonly metrics: EngineMetrics,
    dayCounts: DayCountRepository,
  ) {
    this.dayCountFolds = new PeriodicJob({
      everyMs: FOLD_INTERVAL_MS,
      run: () => dayCounts.fold(),
      onError: (error) =>
        this.logger.warn(`Folding day counts failed: ${error instanceof Error ? error.message : error}`),
    });
  }

  onApplicationBootstrap(): Promise<void> {
    this.ready = this.rebuild();
    this.dayCountFolds.start();
    return this.ready;
  }

  // Before the consumer and the producer close: messages still arriving are refused (the next owner of
  // their partition gets them), those evaluated are committed and their events published. Otherwise a
  // stopping instance could commit after its successor took over, and publish out of order.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    while (this.committing || this.waiting.length > 0)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await this.outbox.flush();
  }

  // A fold under way finishes before the database closes.
  onApplicationShutdown(): Promise<void> {
    return this.dayCountFolds.stop();
  }

  get ruleCount(): number {
    return this.engine.ruleCount;
  }

  /** Whether this instance evaluates the rule now (enabled, of its shard, loaded). */
  evaluates(ruleId: number): boolean {
    return this.engine.has(ruleId);
  }

  /** Evaluates one `measurements` message; resolves once its effects are durable. */
  async onMeasurements(batch: unknown): Promise<void> {
    const read = readPoints(batch);
    if (!read) {
      this.counters.malformed += 1;
      return;
    }
    const { points, newestTs } = read;
    if (this.stopping) throw new Error('the rule engine is stopping; the message will be redelivered');
    const generation = await this.whenReady();
    const stats = this.engine.evaluate(points);
    this.counters.points += stats.points;
    this.counters.evaluations += stats.evaluations;
    this.counters.skipped += stats.skipped;
    await this.checkpointed(generation, newestTs);
  }

  /** A rule was created, changed or deleted: evaluate it from now on, with its new definition, or no more. */
  async onRuleChanged(event: RuleCatalogEvent): Promise<void> {
    if (!this.shard.owns(event.id)) return;
    if (this.stopping) throw new Error('the rule engine is stopping; the message will be redelivered');
    let generation = await this.whenReady();
    const loaded = event.change === 'deleted' ? undefined : await this.repository.loadRule(event.id);
    // A rewind while loading rebuilt the engine with the rule as it is now.
    if (generation !== this.generation) return;
    if (!loaded) {
      this.engine.remove(event.id, event.change !== 'deleted');
    } else if (this.engine.has(event.id)) {
      this.engine.update(loaded.rule);
    } else {
      const watermarks = await this.repository.watermarks(variablesOf(loaded.rule));
      generation = await this.whenReady();
      if (this.engine.has(event.id)) {
        this.engine.update(loaded.rule);
      } else {
        this.engine.add(loaded.rule, loaded, loaded.rule.createdAt);
        for (const watermark of watermarks) this.engine.restoreWatermark(watermark);
      }
    }
    await this.checkpointed(generation, null);
  }

  // Waits for a rebuild under way (the first one, or a rewind) and returns the engine generation.
  private async whenReady(): Promise<number> {
    for (;;) {
      const ready = this.ready;
      await ready;
      if (ready === this.ready) return this.generation;
    }
  }

  private checkpointed(generation: number, newestPointMs: number | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ generation, newestPointMs, resolve, reject });
      if (!this.committing) void this.commitLoop();
    });
  }

  private async commitLoop(): Promise<void> {
    this.committing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0);
        const generation = this.generation;
        const checkpoint = this.engine.checkpoint();
        try {
          // Messages of variables without rules change nothing: no transaction for them.
          const outboxRows = isEmpty(checkpoint) ? [] : await this.write(checkpoint);
          this.counters.checkpoints += 1;
          this.outbox.publishCommitted(outboxRows);
          for (const waiter of batch) {
            if (waiter.generation === generation) waiter.resolve();
            else waiter.reject(new Error('the rule engine was rebuilt; the message will be redelivered'));
          }
          const acknowledged = batch.filter((waiter) => waiter.generation === generation);
          this.metrics.committed(checkpoint.counts, newest(acknowledged.map((w) => w.newestPointMs)));
        } catch (error) {
          this.logger.error(
            `Checkpoint failed, rebuilding the engine from the database: ${error instanceof Error ? error.message : error}`,
          );
          for (const waiter of [...batch, ...this.waiting.splice(0)]) waiter.reject(error);
          this.ready = this.rebuild();
          await this.ready.catch(() => undefined);
        }
      }
    } finally {
      this.committing = false;
    }
  }

  // One checkpoint transaction; returns the outbox rows it wrote.
  private async write(checkpoint: EngineCheckpoint<RuleDefinition>): Promise<OutboxRow[]> {
    const committed = this.metrics.startCheckpoint();
    const outboxRows = await this.repository.write(checkpoint, this.shard.owner, (transition, event) =>
      transitionMessages(
        transition.rule.id,
        event,
        incidenceEmail(transition.rule, event, this.config.PUBLIC_URL),
      ),
    );
    committed();
    return outboxRows;
  }

  // The engine as the database says: enabled rules of this shard, their states, open incidences and
  // the watermarks of their variables. Retries until the database answers.
  private async rebuild(): Promise<void> {
    this.generation += 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const loaded = await this.repository.loadShard(this.shard.shards, this.shard.shard);
        const engine = new RuleEngine<RuleDefinition>();
        for (const entry of loaded) engine.add(entry.rule, entry, entry.rule.createdAt);
        const variables = [...new Set(loaded.flatMap((entry: LoadedRule) => variablesOf(entry.rule)))];
        for (const watermark of await this.repository.watermarks(variables))
          engine.restoreWatermark(watermark);
        this.engine = engine;
        this.logger.log(
          `Shard ${this.shard.shard + 1}/${this.shard.shards}: ${loaded.length} rules over ${variables.length} variables`,
        );
        return;
      } catch (error) {
        this.logger.warn(
          `Loading the rules failed (attempt ${attempt}): ${error instanceof Error ? error.message : error}`,
        );
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 200 * attempt)));
      }
    }
  }
}

function isEmpty(checkpoint: EngineCheckpoint<RuleDefinition>): boolean {
  return (
    checkpoint.watermarks.length === 0 &&
    checkpoint.counts.length === 0 &&
    checkpoint.ruleStates.length === 0 &&
    checkpoint.transitions.length === 0
  );
}

function newest(instants: readonly (number | null)[]): number | null {
  let found: number | null = null;
  for (const instant of instants)
    if (instant !== null && (found === null || instant > found)) found = instant;
  return found;
}

function variablesOf(rule: RuleDefinition): number[] {
  return rule.varTwoId === null ? [rule.varOneId] : [rule.varOneId, rule.varTwoId];
}

// The writer of the variables service validates points one by one; the engine only needs their shape,
// and the newest instant (for its lag). A malformed message is dropped (and counted) rather than
// redelivered forever. One pass, and the message's own array when every point is valid (the usual case).
function readPoints(batch: unknown): { points: MeasurementPoint[]; newestTs: number | null } | undefined {
  const points = (batch as { points?: unknown } | null)?.points;
  if (!Array.isArray(points)) return undefined;
  let valid: MeasurementPoint[] | null = null;
  let newestTs: number | null = null;
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i] as Partial<MeasurementPoint> | null;
    if (
      typeof point?.variableId === 'number' &&
      typeof point.ts === 'number' &&
      typeof point.value === 'number' &&
      Number.isFinite(point.value) &&
      Number.isFinite(point.ts)
    ) {
      valid?.push(point as MeasurementPoint);
      if (newestTs === null || point.ts > newestTs) newestTs = point.ts;
    } else {
      valid ??= points.slice(0, i) as MeasurementPoint[];
    }
  }
  return { points: valid ?? (points as MeasurementPoint[]), newestTs };
}
