import { Injectable } from '@nestjs/common';

/**
 * The explorer's reads in flight in this process, and when the last one ended: the aggregate back-fill
 * yields to them (docs/aggregate-variables.md "Back-fill"), so a chart drawn during a back-fill waits for
 * at most one small chunk.
 */
@Injectable()
export class ExplorerReads {
  private inFlight = 0;
  private lastEndMs = -Infinity;
  private idle: (() => void)[] = [];

  /** Runs a read, counted while it runs. */
  async track<T>(read: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await read();
    } finally {
      this.inFlight -= 1;
      this.lastEndMs = Date.now();
      if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  /**
   * Resolves once no read runs (at once if none does), or after `maxWaitMs` at the latest; answers whether
   * reads ran within `recentMs` before.
   */
  async whenIdle(maxWaitMs: number, recentMs: number, now = () => Date.now()): Promise<boolean> {
    if (this.inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.idle.push(resolve);
        timer = setTimeout(resolve, maxWaitMs);
      });
      clearTimeout(timer);
    }
    return this.inFlight > 0 || now() - this.lastEndMs < recentMs;
  }
}
