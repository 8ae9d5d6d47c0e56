export interface PeriodicJobOptions<T> {
  everyMs: number;
  run: () => Promise<T>;
  /** what a scheduled run's result is reported as (e.g. logged); calls of runNow get it themselves */
  onResult?: (result: T) => void;
  /** a scheduled run's failure; the next tick simply tries again */
  onError: (error: unknown) => void;
}

/**
 * Background work run at start, every `everyMs`, and on demand — one run at a time: a call while a run is in
 * progress joins it, so timers and callers never run the work concurrently. `stop` waits for the run in
 * progress, so a shutting-down service does not close the database under it.
 */
export class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;

  constructor(private readonly options: PeriodicJobOptions<T>) {}

  start(): void {
    this.timer = setInterval(() => this.scheduledRun(), this.options.everyMs);
    this.scheduledRun();
  }

  /** One run of `run` (the job's own by default), or the run already in progress. */
  runNow(run: () => Promise<T> = this.options.run): Promise<T> {
    this.running ??= run().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private scheduledRun(): void {
    this.runNow().then(this.options.onResult, this.options.onError);
  }
}
