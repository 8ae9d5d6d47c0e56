import { PeriodicJob } from './periodic-job';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('PeriodicJob', () => {
  // The schedule is driven by fake timers: on a loaded machine real 20 ms ticks came late and too few.
  afterEach(() => jest.useRealTimers());

  it('runs at start and then every interval, reporting each scheduled result', async () => {
    const results: number[] = [];
    const errors: unknown[] = [];
    let runs = 0;
    jest.useFakeTimers();
    const job = new PeriodicJob({
      everyMs: 20,
      run: async () => ++runs,
      onResult: (result) => results.push(result),
      onError: (error) => errors.push(error),
    });
    job.start();
    await jest.advanceTimersByTimeAsync(50);
    await job.stop();
    const afterStop = runs;
    await jest.advanceTimersByTimeAsync(60);
    expect(results).toEqual([1, 2, 3]);
    expect(runs).toBe(afterStop);
    expect(errors).toEqual([]);
  });

  it('joins a run in progress instead of starting a second one, and stop waits for it', async () => {
    const gate = deferred();
    let started = 0;
    let finished = false;
    const job = new PeriodicJob({
      everyMs: 60_000,
      run: async () => {
        started += 1;
        await gate.promise;
        finished = true;
        return started;
      },
      onError: () => undefined, // never scheduled: start() is not called
    });
    const first = job.runNow();
    const second = job.runNow(async () => -1);
    const stopped = job.stop();
    gate.resolve();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    await stopped;
    expect(finished).toBe(true);
    expect(started).toBe(1);
    // the next call starts a new run
    expect(await job.runNow(async () => 42)).toBe(42);
  });

  it('hands a scheduled failure to onError and tries again at the next tick; callers see the rejection', async () => {
    const errors: unknown[] = [];
    let attempts = 0;
    jest.useFakeTimers();
    const job = new PeriodicJob({
      everyMs: 15,
      run: async () => {
        attempts += 1;
        if (attempts <= 2) throw new Error(`attempt ${attempts} failed`);
        return attempts;
      },
      onError: (error) => errors.push(error),
    });
    job.start();
    await jest.advanceTimersByTimeAsync(35);
    await job.stop();
    expect(errors.map((error) => (error as Error).message)).toEqual(['attempt 1 failed', 'attempt 2 failed']);
    expect(attempts).toBe(3);
    await expect(job.runNow(async () => Promise.reject(new Error('on demand')))).rejects.toThrow('on demand');
  });
});
