import {
  hash2,
  hash3,
  hashString,
  hashWide,
  signedFloat,
  smoothstep,
  triangular,
  unitFloat,
} from './seeded-noise';

describe('seeded noise', () => {
  it('hashes are pure functions of their inputs and change with each input', () => {
    expect(hash3(1, 2, 3)).toBe(hash3(1, 2, 3));
    const variants = [
      hash3(1, 2, 3),
      hash3(0, 2, 3),
      hash3(1, 0, 3),
      hash3(1, 2, 0),
      hash2(1, 2),
      hash2(2, 1),
    ];
    expect(new Set(variants).size).toBe(variants.length);
    expect(hashString('cdu_feed_flow')).toBe(hashString('cdu_feed_flow'));
    expect(hashString('cdu_feed_flow')).not.toBe(hashString('dcu_feed_flow'));
  });

  it('hashes wide keys through both 32-bit halves', () => {
    const ts = Date.UTC(2025, 5, 1);
    expect(hashWide(7, ts)).not.toBe(hashWide(7, ts + 2 ** 32));
    expect(hashWide(7, ts)).not.toBe(hashWide(7, ts + 1));
  });

  it('spreads hashes uniformly over [0, 1)', () => {
    const buckets = new Array<number>(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) buckets[Math.floor(unitFloat(hash2(99, i)) * 10)]++;
    // An out-of-range value would land in a bucket that does not exist.
    expect(buckets).toHaveLength(10);
    for (const count of buckets) expect(Math.abs(count / n - 0.1)).toBeLessThan(0.006);
    expect(unitFloat(0xffffffff)).toBeLessThan(1);
  });

  it('keeps signed and triangular noise in [-1, 1] and centred on 0', () => {
    let signedSum = 0;
    let triangularSum = 0;
    let triangularTails = 0;
    let largest = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const h = hash2(5, i);
      const s = signedFloat(h);
      const t = triangular(h);
      largest = Math.max(largest, Math.abs(s), Math.abs(t));
      signedSum += s;
      triangularSum += t;
      if (Math.abs(t) > 0.5) triangularTails++;
    }
    expect(largest).toBeLessThanOrEqual(1);
    expect([signedFloat(0), signedFloat(0xffffffff), triangular(0), triangular(0xffffffff)]).toEqual([
      -1,
      1 - 2 ** -31,
      -1,
      1,
    ]);
    expect(Math.abs(signedSum / n)).toBeLessThan(0.01);
    expect(Math.abs(triangularSum / n)).toBeLessThan(0.01);
    // A triangular law puts a quarter of its mass beyond ±0.5 (a flat one would put half).
    expect(triangularTails / n).toBeCloseTo(0.25, 1);
  });

  it('smoothstep runs from 0 to 1 with flat ends', () => {
    expect(smoothstep(0)).toBe(0);
    expect(smoothstep(1)).toBe(1);
    expect(smoothstep(0.5)).toBe(0.5);
    expect(smoothstep(0.01)).toBeLessThan(0.001);
  });
});
