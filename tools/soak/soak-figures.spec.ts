import {
  samplesTable,
  secondHalf,
  slope,
  thinned,
  verdict,
  verdictText,
  type Sample,
} from './soak-figures.mjs';

const limits = {
  maxRssGrowthMb: 16,
  maxRssGrowthShare: 0.05,
  maxLagGrowthSeconds: 5,
  maxFinalLagSeconds: 10,
  messagesPerSecond: 40,
};

/** An hour sampled every 30 s: `rss(t)` and `lag(t)` of elapsed seconds. */
function run(rss: (t: number) => number, lag: (t: number) => number = () => 0): Sample[] {
  return Array.from({ length: 121 }, (_, i) => {
    const t = i * 30;
    return {
      elapsedS: t,
      rssMb: { gateway: rss(t), variables: 200 },
      lagMessages: lag(t),
      pointsPerSecond: 4000,
      requests: 12,
      errors: 0,
      loadAverage: 12.34,
    };
  });
}

describe('soak figures', () => {
  it('fits the least-squares slope', () => {
    expect(slope([])).toBe(0);
    expect(slope([{ x: 1, y: 5 }])).toBe(0);
    expect(slope([0, 1, 2, 3].map((x) => ({ x, y: 3 * x + 7 })))).toBeCloseTo(3);
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 2 },
      ]),
    ).toBeCloseTo(0.5);
  });

  it('keeps the samples of the second half', () => {
    const samples = [0, 10, 20, 30, 40].map((elapsedS) => ({ elapsedS }));
    expect(secondHalf(samples).map((s) => s.elapsedS)).toEqual([20, 30, 40]);
    expect(secondHalf([])).toEqual([]);
  });

  it('passes a flat run whose memory grew only while warming up', () => {
    const result = verdict(
      run((t) => (t < 1200 ? 150 + t / 20 : 210 + (t % 120 === 0 ? 3 : 0))),
      {},
      limits,
    );
    expect(result.ok).toBe(true);
    expect(result.secondHalfSpanS).toBe(1800);
    expect(result.memory.map((m) => m.service)).toEqual(['gateway', 'variables']);
  });

  it('fails a service whose RSS keeps growing in the second half, and names it', () => {
    // 40 MB an hour: 20 MB over the half, above the 16 MB floor and 5 % of ~200 MB.
    const result = verdict(
      run((t) => 180 + (40 * t) / 3600),
      {},
      limits,
    );
    expect(result.ok).toBe(false);
    const gateway = result.memory.find((m) => m.service === 'gateway');
    expect(gateway?.ok).toBe(false);
    expect(gateway?.slopeMbPerHour).toBeCloseTo(40);
    expect(gateway?.growthMb).toBeCloseTo(20);
    expect(result.memory.find((m) => m.service === 'variables')?.ok).toBe(true);
    expect(verdictText(result)).toMatch(/^\*\*FAIL\*\*[\s\S]*- gateway: .*GROWS/);
  });

  it('allows a big service the share of its size', () => {
    // 1 000 MB growing 40 MB over the half: under 5 % of it (50 MB).
    expect(
      verdict(
        run((t) => 1000 + (80 * t) / 3600),
        {},
        limits,
      ).ok,
    ).toBe(true);
  });

  it('fails a lag that grows, or ends behind, and any error', () => {
    expect(
      verdict(
        run(
          () => 200,
          (t) => t,
        ),
        {},
        limits,
      ).lag.ok,
    ).toBe(false);
    const endsBehind = run(() => 200);
    endsBehind[endsBehind.length - 1]!.lagMessages = 401;
    expect(verdict(endsBehind, {}, limits).lag.ok).toBe(false);
    expect(
      verdict(
        run(
          () => 200,
          (t) => (t % 60 === 0 ? 30 : 0),
        ),
        {},
        limits,
      ).lag.ok,
    ).toBe(true);
    const withError = verdict(
      run(() => 200),
      { 'rule create 500': 1 },
      limits,
    );
    expect(withError.errors).toBe(1);
    expect(withError.ok).toBe(false);
  });

  it('judges nothing without samples', () => {
    expect(verdict([], {}, limits).ok).toBe(false);
  });

  it('thins the samples to a row every so often, keeping the last', () => {
    const samples = [0, 30, 60, 90, 100].map((elapsedS) => ({ elapsedS }));
    expect(thinned(samples, 60).map((s) => s.elapsedS)).toEqual([0, 60, 100]);
    expect(thinned(samples, 30).map((s) => s.elapsedS)).toEqual([0, 30, 60, 90, 100]);
    expect(thinned([], 60)).toEqual([]);
  });

  it('tabulates the samples in markdown', () => {
    const table = samplesTable(run(() => 123.4).slice(0, 2)).split('\n');
    expect(table).toEqual([
      '| min | gateway RSS MB | variables RSS MB | lag msgs | points/s | requests | errors | load |',
      '| --- | -------------: | ---------------: | -------: | -------: | -------: | -----: | ---: |',
      '| 0.0 |            123 |              200 |        0 |     4000 |       12 |      0 | 12.3 |',
      '| 0.5 |            123 |              200 |        0 |     4000 |       12 |      0 | 12.3 |',
    ]);
  });
});
