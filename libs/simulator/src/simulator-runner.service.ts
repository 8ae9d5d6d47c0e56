import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  Topics,
  type MeasurementBatch,
  type MeasurementPoint,
  MeasurementSources,
} from '@plantlens/contracts';
import {
  AssetLayoutClient,
  EventPublisher,
  groupPointsByKey,
  PLATFORM_CONFIG,
  VariableDeclarationClient,
  type PlatformConfig,
} from '@plantlens/platform';
import { plantLayout } from './plant-layout';
import { PlantSimulator, type SimulatedPoint, type SimulationRange } from './plant-simulator';

const SOURCE = MeasurementSources.simulator;
// Valve detail of the backfill: every second, from a few seconds before a ramp to a few after, so each
// actuation's cut sees its valve at rest at 0 % and 100 %.
const VALVE_DETAIL_STEP_MS = 1000;
const VALVE_DETAIL_MARGIN_MS = 3000;
// The rules service may start after the simulator (cluster): about a minute of attempts.
const LAYOUT_ATTEMPTS = 10;

// Runs the simulated plant in a service: declares its variables to the variables service (over HTTP,
// like any data source), backfills SIMULATOR_BACKFILL_HOURS of history, then publishes live points.
// The plant is a pure function of time, so a restart re-publishes identical values (idempotent).
@Injectable()
export class SimulatorRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Simulator');
  private readonly simulator: PlantSimulator;
  private stopped = false;
  private liveTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly publisher: EventPublisher,
    private readonly declarations: VariableDeclarationClient,
    private readonly layout: AssetLayoutClient,
  ) {
    this.simulator = new PlantSimulator({ seed: config.SIMULATOR_SEED });
  }

  onApplicationBootstrap(): void {
    this.running = this.start().catch((error: unknown) => {
      if (!this.stopped)
        this.logger.error(`Simulator stopped: ${error instanceof Error ? error.message : error}`);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.liveTimer);
    await this.running;
  }

  private async start(): Promise<void> {
    const ids = await this.declareVariables();
    void this.placeAssets();
    const liveStepMs = this.config.SIMULATOR_LIVE_INTERVAL_SECONDS * 1000;
    const backfillStepMs = this.config.SIMULATOR_BACKFILL_STEP_SECONDS * 1000;
    const liveStart = Math.floor(Date.now() / liveStepMs) * liveStepMs;
    const backfillStart = alignDown(
      liveStart - this.config.SIMULATOR_BACKFILL_HOURS * 3_600_000,
      backfillStepMs,
    );
    if (backfillStart < liveStart) {
      const started = Date.now();
      const valveDetail = {
        fromMs: liveStart - this.config.SIMULATOR_VALVE_DETAIL_HOURS * 3_600_000,
        stepMs: VALVE_DETAIL_STEP_MS,
        marginMs: VALVE_DETAIL_MARGIN_MS,
      };
      const points = await this.publishRange(
        ids,
        { startMs: backfillStart, endMs: liveStart, stepMs: backfillStepMs, valveDetail },
        true,
      );
      this.logger.log(
        `Backfilled ${points} points (${this.config.SIMULATOR_BACKFILL_HOURS} h every ${this.config.SIMULATOR_BACKFILL_STEP_SECONDS} s, valves every second around ramps over the last ${this.config.SIMULATOR_VALVE_DETAIL_HOURS} h) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    this.logger.log(
      `Publishing ${ids.size} variables live every ${this.config.SIMULATOR_LIVE_INTERVAL_SECONDS} s`,
    );
    let next = liveStart;
    const tick = async () => {
      const until = alignDown(Date.now(), liveStepMs) + liveStepMs;
      await this.publishRange(ids, { startMs: next, endMs: until, stepMs: liveStepMs }, false);
      next = until;
    };
    const loop = () => {
      if (this.stopped) return;
      this.running = tick()
        .catch((error: unknown) =>
          this.logger.warn(
            `Live publish failed, retrying: ${error instanceof Error ? error.message : error}`,
          ),
        )
        .finally(() => {
          if (!this.stopped) this.liveTimer = setTimeout(loop, liveStepMs);
        });
    };
    loop();
  }

  private async declareVariables(): Promise<Map<string, number>> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        return await this.declarations.declare(this.simulator.variables);
      } catch (error) {
        // The variables service may still be starting (or be this very process, not listening yet).
        if (attempt % 10 === 0)
          this.logger.warn(
            `Variables service not reachable at ${this.declarations.endpoint}: ${error instanceof Error ? error.message : error}`,
          );
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 200 * attempt)));
      }
    }
    throw new Error('stopped');
  }

  // The map's layout of the simulated plant. The map is not the data: a failure is logged, never fatal.
  private async placeAssets(): Promise<void> {
    for (let attempt = 1; attempt <= LAYOUT_ATTEMPTS && !this.stopped; attempt += 1) {
      try {
        await this.layout.place(plantLayout());
        return;
      } catch (error) {
        if (attempt === LAYOUT_ATTEMPTS)
          this.logger.warn(
            `Could not place the plant's assets at ${this.layout.endpoint}: ${error instanceof Error ? error.message : error}`,
          );
        else await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  }

  private async publishRange(
    ids: Map<string, number>,
    range: SimulationRange,
    reportProgress: boolean,
  ): Promise<number> {
    const { startMs, endMs } = range;
    let published = 0;
    let reported = startMs;
    const reportEveryMs = (endMs - startMs) / 10;
    for (const batch of this.simulator.batches({ ...range, maxPointsPerBatch: 5_000 })) {
      if (this.stopped) break;
      await Promise.all(
        [...groupPointsByKey(toMeasurementPoints(batch, ids), this.config.KAFKA_TOPIC_PARTITIONS)].map(
          ([key, points]) =>
            this.publisher.publish(
              Topics.measurements,
              { source: SOURCE, points } satisfies MeasurementBatch,
              key,
            ),
        ),
      );
      published += batch.length;
      const reachedMs = batch.at(-1)?.ts ?? startMs;
      if (reportProgress && reachedMs - reported >= reportEveryMs) {
        reported = reachedMs;
        this.logger.log(`Backfill ${Math.round(((reachedMs - startMs) / (endMs - startMs)) * 100)} %`);
      }
    }
    return published;
  }
}

function alignDown(ms: number, stepMs: number): number {
  return Math.floor(ms / stepMs) * stepMs;
}

function toMeasurementPoints(batch: SimulatedPoint[], ids: Map<string, number>): MeasurementPoint[] {
  return batch.flatMap((point) => {
    const variableId = ids.get(point.clientReference);
    return variableId === undefined ? [] : [{ variableId, ts: point.ts, value: point.value }];
  });
}
