import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '@plantlens/platform';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { DayCounts } from './rule-engine';

// Checkpoints are a few statements in one transaction: milliseconds, up to seconds when the database struggles.
const CHECKPOINT_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The rules engine's figures (docs/operations.md "Domain metrics"). Evaluations and activations are counted
 * when the checkpoint holding them commits, so a checkpoint that fails and is replayed counts once.
 */
@Injectable()
export class EngineMetrics {
  private readonly evaluations: Counter;
  private readonly activations: Counter;
  private readonly checkpointDuration: Histogram;
  // The newest point instant committed, never later than when it was committed (a clock ahead of ours
  // would otherwise hide a lag for as long as it is ahead).
  private currentAsOfMs: number | null = null;

  constructor(registry: MetricsRegistry) {
    this.evaluations = new Counter({
      name: 'plantlens_rules_evaluations_total',
      help: 'Rule evaluations committed by the rules engine (one per rule and point of its variables)',
      registers: [registry],
    });
    this.activations = new Counter({
      name: 'plantlens_rules_activations_total',
      help: 'Rule evaluations that found the condition true, committed by the rules engine',
      registers: [registry],
    });
    this.checkpointDuration = new Histogram({
      name: 'plantlens_rules_checkpoint_duration_seconds',
      help: 'Duration of the transactions that commit the rules engine checkpoints',
      buckets: CHECKPOINT_BUCKETS_S,
      registers: [registry],
    });
    const lag: Gauge = new Gauge({
      name: 'plantlens_rules_lag_seconds',
      help: 'Seconds between now and the newest measurement instant whose evaluation the rules engine has committed',
      registers: [registry],
      // No sample until a checkpoint committed: an unknown lag is not zero.
      collect: () => {
        if (this.currentAsOfMs === null) lag.remove();
        else lag.set(Math.max(0, (Date.now() - this.currentAsOfMs) / 1000));
      },
    });
  }

  /** Starts timing a checkpoint transaction; call the result once it committed. */
  startCheckpoint(): () => void {
    return this.checkpointDuration.startTimer();
  }

  /** A checkpoint committed: its counts, and the newest point instant of the messages it acknowledged. */
  committed(counts: readonly DayCounts[], newestPointMs: number | null): void {
    let evaluations = 0;
    let activations = 0;
    for (const count of counts) {
      evaluations += count.evaluations;
      activations += count.activations;
    }
    this.evaluations.inc(evaluations);
    this.activations.inc(activations);
    if (newestPointMs === null) return;
    const asOf = Math.min(newestPointMs, Date.now());
    if (this.currentAsOfMs === null || asOf > this.currentAsOfMs) this.currentAsOfMs = asOf;
  }
}
