import { ExplorerReads } from './explorer-reads';

describe('ExplorerReads', () => {
  it('answers at once and "not recent" when no read ever ran', async () => {
    expect(await new ExplorerReads().whenIdle(1000, 500)).toBe(false);
  });

  it('waits for the reads in flight, then says reads ran recently', async () => {
    const reads = new ExplorerReads();
    let finish!: () => void;
    const read = reads.track(() => new Promise<string>((resolve) => (finish = () => resolve('answer'))));
    let idle = false;
    const waiting = reads.whenIdle(10_000, 500).then((recent) => {
      idle = true;
      return recent;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    finish();
    expect(await read).toBe('answer');
    expect(await waiting).toBe(true);
    // Long after the read ended, it no longer counts as recent.
    expect(await reads.whenIdle(10_000, 500, () => Date.now() + 1000)).toBe(false);
  });

  it('stops waiting after the longest wait while a read still runs', async () => {
    const reads = new ExplorerReads();
    void reads.track(() => new Promise(() => undefined));
    const started = Date.now();
    expect(await reads.whenIdle(30, 500)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
