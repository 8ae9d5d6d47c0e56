import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { MeasurementPoint, ValveOperation } from '@plantlens/contracts';
import { MetricsRegistry, PeriodicJob, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { Counter } from 'prom-client';
import { classifyActuation, cutActuations, torqueProfile, type ActuationSpan } from '../analysis';
import { AssetAlarmPublisher } from './asset-alarm.publisher';
import {
  ValveMonitorRepository,
  type ActuationRow,
  type AssetErrorRow,
  type MonitorTransaction,
  type SampleRow,
  type SignalWatermarks,
} from './valve-monitor.repository';
import { ValveSignalCatalog } from './valve-signal-catalog';

// Other replicas learn a new normal curve this late at most (the one that learned it is told at once).
const NORMAL_CURVE_RELOAD_MS = 60_000;
// Valves are spread over this many lanes, each a group-commit loop of its own on a connection of its own:
// transactions of different valves run side by side, one valve's stay in order.
const LANES = 4;
// Signals whose samples make an actuation and its classification.
const ANALYSED_SIGNALS: ReadonlySet<string> = new Set(['opening', 'torque', 'pressure']);

export interface ValveMonitorCounters {
  /** points of `measurements` messages handled */
  pointsSeen: number;
  /** of which valve signals, committed to valves.signal_sample */
  pointsKept: number;
  /** points dropped because the variables service did not know their variable (yet) */
  pointsOfUnknownVariables: number;
  malformedMessages: number;
  transactions: number;
  actuations: number;
  errors: number;
}

interface Waiter {
  samples: SampleRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Lane {
  waiting: Waiter[];
  committing: boolean;
}

interface PlannedSpan extends ActuationSpan {
  asset: string;
}

// The streaming valve monitor. Each `measurements` message: its valve-signal points are kept; a handler
// resolves (and the bus commits its offset) once a transaction holding them is committed. Transactions are
// group commits: messages arriving while one runs go together into the next. A transaction upserts the
// samples and advances the analysis of every valve it touched: from analysis_progress it re-reads the
// opening samples not yet cut, cuts complete actuations, classifies each whose torque and pressure have
// arrived through its end (or whose opening ran VALVES_SIGNAL_WAIT_SECONDS past it), writes actuations and
// errors (keyed, so never twice) and moves the progress. See libs/valves/README.md "Streaming analysis".
@Injectable()
export class ValveMonitorService
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('ValveMonitor');
  private loaded: Promise<void> | undefined;
  private readonly lanes: Lane[] = Array.from({ length: LANES }, () => ({ waiting: [], committing: false }));
  private readonly laneOfAsset = new Map<string, Lane>();
  private stopping = false;
  private normalCurves = new Map<string, (number | null)[]>();
  private readonly curveReloads: PeriodicJob<void>;
  private readonly signalWaitMs: number;
  // Actuations complete but for torque or pressure: since when (wall clock), by valve and beginMs.
  private readonly waitingSince = new Map<string, Map<number, number>>();
  readonly counters: ValveMonitorCounters = {
    pointsSeen: 0,
    pointsKept: 0,
    pointsOfUnknownVariables: 0,
    malformedMessages: 0,
    transactions: 0,
    actuations: 0,
    errors: 0,
  };
  private readonly actuationsAnalysed: Counter;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly repository: ValveMonitorRepository,
    private readonly catalog: ValveSignalCatalog,
    private readonly alarms: AssetAlarmPublisher,
    registry: MetricsRegistry,
  ) {
    this.actuationsAnalysed = new Counter({
      name: 'plantlens_valve_actuations_analysed_total',
      help: 'Valve actuations cut, classified and stored by the valve monitor (each once, whatever the replays)',
      registers: [registry],
    });
    this.signalWaitMs = config.VALVES_SIGNAL_WAIT_SECONDS * 1000;
    this.curveReloads = new PeriodicJob({
      everyMs: NORMAL_CURVE_RELOAD_MS,
      run: () => this.reloadNormalCurves(),
      onError: (error) =>
        this.logger.warn(`Loading normal curves failed: ${error instanceof Error ? error.message : error}`),
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.whenLoaded();
    this.curveReloads.start();
  }

  // Messages still arriving are refused (redelivered to whoever consumes next); those accepted are committed.
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    while (this.lanes.some((lane) => lane.committing || lane.waiting.length > 0))
      await new Promise((resolve) => setTimeout(resolve, 10));
  }

  onApplicationShutdown(): Promise<void> {
    return this.curveReloads.stop();
  }

  /** Reads valves.normal_curve again; call after learning curves. */
  async reloadNormalCurves(): Promise<void> {
    const curves = await this.repository.normalCurves();
    this.normalCurves = new Map(
      curves.map((curve) => [curveKey(curve.asset, curve.operation), curve.values]),
    );
  }

  /** Handles one `measurements` message; resolves once its valve points and their analysis are durable. */
  async onMeasurements(batch: unknown): Promise<void> {
    const points = readPoints(batch);
    if (!points) {
      this.counters.malformedMessages += 1;
      return;
    }
    if (this.stopping) throw new Error('the valve monitor is stopping; the message will be redelivered');
    await this.whenLoaded();
    const samples = await this.valveSamples(points);
    this.counters.pointsSeen += points.length;
    const byLane = new Map<Lane, SampleRow[]>();
    for (const sample of samples) {
      const lane = this.laneOf(sample.asset);
      const list = byLane.get(lane);
      if (list) list.push(sample);
      else byLane.set(lane, [sample]);
    }
    await Promise.all(
      [...byLane].map(
        ([lane, laneSamples]) =>
          new Promise<void>((resolve, reject) => {
            lane.waiting.push({ samples: laneSamples, resolve, reject });
            if (!lane.committing) void this.commitLoop(lane);
          }),
      ),
    );
  }

  private laneOf(asset: string): Lane {
    let lane = this.laneOfAsset.get(asset);
    if (!lane) {
      lane = this.lanes[this.laneOfAsset.size % LANES];
      this.laneOfAsset.set(asset, lane);
    }
    return lane;
  }

  private whenLoaded(): Promise<void> {
    this.loaded ??= Promise.all([this.catalog.load(), this.reloadNormalCurves()]).then(
      () => undefined,
      (error: unknown) => {
        this.loaded = undefined;
        throw error;
      },
    );
    return this.loaded;
  }

  private async valveSamples(points: MeasurementPoint[]): Promise<SampleRow[]> {
    const unknown = points.filter((point) => this.catalog.signalOf(point.variableId) === undefined);
    if (unknown.length > 0) await this.catalog.learn(unknown.map((point) => point.variableId));
    const samples: SampleRow[] = [];
    for (const point of points) {
      const signal = this.catalog.signalOf(point.variableId);
      if (signal)
        samples.push({ asset: signal.asset, signal: signal.signal, ts: point.ts, value: point.value });
      else if (signal === undefined) this.counters.pointsOfUnknownVariables += 1;
    }
    return samples;
  }

  private async commitLoop(lane: Lane): Promise<void> {
    lane.committing = true;
    try {
      while (lane.waiting.length > 0) {
        const batch = lane.waiting.splice(0);
        try {
          const { actuations, errors } = await this.repository.inTransaction((tx) =>
            this.storeAndAnalyse(tx, latestPerKey(batch)),
          );
          this.counters.transactions += 1;
          for (const waiter of batch) this.counters.pointsKept += waiter.samples.length;
          this.counters.actuations += actuations;
          this.actuationsAnalysed.inc(actuations);
          this.counters.errors += errors;
          if (errors > 0) this.alarms.publishSoon();
          for (const waiter of batch) waiter.resolve();
        } catch (error) {
          this.logger.warn(
            `Storing valve samples failed; the messages will be redelivered: ${error instanceof Error ? error.message : error}`,
          );
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      lane.committing = false;
    }
  }

  private async storeAndAnalyse(
    tx: MonitorTransaction,
    samples: SampleRow[],
  ): Promise<{ actuations: number; errors: number }> {
    const assets = [...new Set(samples.filter((s) => ANALYSED_SIGNALS.has(s.signal)).map((s) => s.asset))];
    // Locked first: two instances never analyse one valve at once, nor see half of each other's samples.
    const progress = assets.length > 0 ? await tx.lockProgress(assets) : new Map<string, number>();
    await tx.upsertSamples(samples);
    if (assets.length === 0) return { actuations: 0, errors: 0 };

    const opening = await tx.openingSince(progress);
    const cuts = assets.map((asset) => ({ asset, cut: cutActuations(opening.get(asset) ?? []) }));
    // Most transactions complete no actuation: then no watermark is needed.
    const cutting = cuts.filter(({ cut }) => cut.actuations.length > 0).map(({ asset }) => asset);
    const watermarks =
      cutting.length > 0 ? await tx.watermarks(cutting) : new Map<string, SignalWatermarks>();
    const spans: PlannedSpan[] = [];
    const moved = new Map<string, number>();
    for (const { asset, cut } of cuts) {
      const from = progress.get(asset) ?? 0;
      // Waits of actuations analysed meanwhile (by another instance) are over.
      const waits = this.waitingSince.get(asset);
      for (const beginMs of waits?.keys() ?? []) if (beginMs < from) waits?.delete(beginMs);
      let until = cut.resumeFromMs ?? from;
      for (const span of cut.actuations) {
        // In time order: a valve's actuations are analysed one after the other, never past one still waiting.
        if (!this.complete(asset, span, watermarks.get(asset))) {
          until = span.beginMs;
          break;
        }
        spans.push({ asset, ...span });
      }
      if (until !== from) moved.set(asset, until);
    }

    const signals = await tx.torqueAndPressure(spans);
    const actuations: ActuationRow[] = [];
    const errors: AssetErrorRow[] = [];
    spans.forEach((span, i) => {
      const all = { opening: withinSpan(opening.get(span.asset) ?? [], span), ...signals[i] };
      const codes = classifyActuation(
        span,
        all,
        this.normalCurves.get(curveKey(span.asset, span.operation)) ?? null,
      );
      actuations.push({ ...span, codes, torqueProfile: torqueProfile(span, all) });
      for (const code of codes)
        errors.push({ asset: span.asset, beginMs: span.beginMs, endMs: span.endMs, code });
    });
    const inserted = {
      actuations: await tx.insertActuations(actuations),
      errors: await tx.insertErrors(errors),
    };
    await tx.setProgress(moved);
    return inserted;
  }

  // Torque and pressure have arrived through the end; or they are taken as lost (the actuation is then
  // judged on the samples that did arrive) once the opening ran VALVES_SIGNAL_WAIT_SECONDS past the end and
  // this monitor has waited that long too. The second condition keeps a backlog whose torque partition lags
  // its opening partition from being analysed early; the wait restarts with the process.
  private complete(asset: string, span: ActuationSpan, marks: SignalWatermarks | undefined): boolean {
    const arrived = (mark: number | null | undefined) => mark != null && mark >= span.endMs;
    const waits = this.waitingSince.get(asset) ?? new Map<number, number>();
    this.waitingSince.set(asset, waits);
    if (arrived(marks?.torque) && arrived(marks?.pressure)) {
      waits.delete(span.beginMs);
      return true;
    }
    if (marks?.opening == null || marks.opening < span.endMs + this.signalWaitMs) return false;
    const now = Date.now();
    const since = waits.get(span.beginMs) ?? now;
    waits.set(span.beginMs, since);
    if (now - since < this.signalWaitMs) return false;
    waits.delete(span.beginMs);
    return true;
  }
}

function curveKey(asset: string, operation: ValveOperation): string {
  return `${asset}:${operation}`;
}

function withinSpan<T extends { tsMs: number }>(points: T[], span: ActuationSpan): T[] {
  return points.filter((point) => point.tsMs >= span.beginMs && point.tsMs <= span.endMs);
}

// One row per (asset, signal, ts) — a statement may not upsert a row twice — the later message winning.
function latestPerKey(batch: Waiter[]): SampleRow[] {
  const byKey = new Map<string, SampleRow>();
  for (const waiter of batch) {
    for (const sample of waiter.samples)
      byKey.set(`${sample.asset}\u0000${sample.signal}\u0000${sample.ts}`, sample);
  }
  return [...byKey.values()];
}

// The shape the monitor needs; a malformed message is counted and dropped rather than redelivered forever.
function readPoints(batch: unknown): MeasurementPoint[] | undefined {
  const points = (batch as { points?: unknown } | null)?.points;
  if (!Array.isArray(points)) return undefined;
  return (points as Partial<MeasurementPoint>[]).filter(
    (point): point is MeasurementPoint =>
      typeof point?.variableId === 'number' &&
      Number.isSafeInteger(point.ts) &&
      typeof point.value === 'number' &&
      Number.isFinite(point.value),
  );
}
