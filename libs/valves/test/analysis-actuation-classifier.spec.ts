import { valveCurveOpeningLevel } from '@plantlens/contracts';
import { classifyActuation, learnNormalCurve, torqueProfile, type ActuationSignals } from '../src/analysis';
import { healthyTorque, ramp, withExtra, type TorqueByProgress } from './analysis-fixtures';

function classify(
  operation: 'opening' | 'closure',
  torque: TorqueByProgress,
  options: { normal?: (number | null)[]; levelsPerReading?: number; pressureBar?: number } = {},
) {
  const { span, signals } = ramp(operation, { torque, ...options });
  return classifyActuation(span, signals, options.normal ?? null);
}

function normalCurveOf(operation: 'opening' | 'closure'): (number | null)[] {
  const { span, signals } = ramp(operation);
  return learnNormalCurve([torqueProfile(span, signals)]);
}

describe('torqueProfile', () => {
  it('places each torque reading on the level of the opening interpolated at its instant', () => {
    // The opening is read every 4 curve levels; the torque half a second later, 2 levels further.
    const { span, signals } = ramp('opening', { levelsPerReading: 4 });
    const late: ActuationSignals = {
      ...signals,
      torque: signals.torque
        .slice(0, -1)
        .map((p, k) => ({ tsMs: p.tsMs + 500, value: healthyTorque(4 * k + 2) })),
    };
    const profile = torqueProfile(span, late);
    expect(profile).toHaveLength(121);
    expect(profile[2]).toBe(healthyTorque(2));
    expect(profile[58]).toBe(healthyTorque(58));
    expect(profile.filter((value) => value !== null)).toHaveLength(30);
    // A lost opening reading is bridged, not replaced by a neighbour's.
    const lost = { ...late, opening: late.opening.filter((_, k) => k !== 1) };
    expect(torqueProfile(span, lost)[2]).toBe(healthyTorque(2));
  });

  it('maps a closure by opening level, so level 0 is the closed end', () => {
    const profile = torqueProfile(ramp('closure').span, ramp('closure').signals);
    expect(profile[120]).toBe(healthyTorque(0));
    expect(profile[0]).toBe(healthyTorque(120));
  });

  it('takes openings off the curve levels to the nearest level and keeps the highest of a stalled sensor', () => {
    const { span, signals } = ramp('opening');
    const stalled: ActuationSignals = {
      ...signals,
      opening: signals.opening.map((p, k) => ({ ...p, value: k >= 30 && k <= 40 ? 25.1 : p.value + 0.2 })),
    };
    const profile = torqueProfile(span, stalled);
    expect(profile[30]).toBe(Math.max(...Array.from({ length: 11 }, (_, k) => healthyTorque(30 + k))));
    expect(profile[31]).toBeNull();
    expect(profile[50]).toBe(healthyTorque(50));
  });
});

describe('classifyActuation', () => {
  it.each(['opening', 'closure'] as const)('finds no failure in a healthy %s', (operation) => {
    expect(classify(operation, healthyTorque)).toEqual([]);
    expect(classify(operation, healthyTorque, { normal: normalCurveOf(operation) })).toEqual([]);
  });

  it.each(['opening', 'closure'] as const)('raises 1 for high torque when unseating (%s)', (operation) => {
    expect(classify(operation, withExtra(healthyTorque, 1, 8, 40))).toEqual([1]);
  });

  it('raises 2, and only 2, for a high torque over the whole travel', () => {
    const loaded: TorqueByProgress = (p) => (p === 0 ? 0 : healthyTorque(p) + 7);
    expect(classify('opening', loaded)).toEqual([2]);
    expect(classify('closure', loaded, { levelsPerReading: 2.5 })).toEqual([2]);
  });

  it('raises 3 for high torque at the switching point, even when its tail crosses the limit past the plateau', () => {
    expect(classify('opening', withExtra(healthyTorque, 57, 62, 10))).toEqual([3]);
    expect(classify('closure', withExtra(healthyTorque, 53, 66, 10))).toEqual([3]);
  });

  it('raises 4 for high torque in the running travel, even when it spills into the unseating levels', () => {
    expect(classify('opening', withExtra(healthyTorque, 25, 40, 6))).toEqual([4]);
    const nearTheSeat: TorqueByProgress = (p) =>
      healthyTorque(p) + (p >= 4 ? 8 * Math.exp(-0.5 * ((p - 14) / 5) ** 2) : 0);
    expect(classify('closure', nearTheSeat)).toEqual([4]);
  });

  it('raises 101 when the steam pressure during the actuation is mostly under the threshold', () => {
    expect(classify('opening', healthyTorque, { pressureBar: 6 })).toEqual([101]);
    expect(classify('opening', withExtra(healthyTorque, 25, 40, 6), { pressureBar: 6 })).toEqual([4, 101]);
    // One low reading is a glitch, not a starved actuation.
    const { span, signals } = ramp('opening');
    signals.pressure[10] = { ...signals.pressure[10], value: 2 };
    expect(classifyActuation(span, signals, null)).toEqual([]);
  });

  it('raises a failure under the limit curve when the torque leaves the learned normal curve', () => {
    const normal = normalCurveOf('opening');
    // +1.5 on a running torque of 3 is within the normal spread (2 + 15 %).
    expect(classify('opening', withExtra(healthyTorque, 25, 40, 1.5), { normal })).toEqual([]);
    // The switching bump half as high again: still under its limit 17, beyond the normal spread.
    const higherBump = withExtra(healthyTorque, 58, 61, 4.5);
    expect(classify('opening', higherBump)).toEqual([]);
    expect(classify('opening', higherBump, { normal })).toEqual([3]);
  });

  it('judges levels the normal curve never saw by the limit curve alone', () => {
    const normal = normalCurveOf('opening').map((v, level) => (level >= 20 && level <= 50 ? null : v));
    expect(classify('opening', withExtra(healthyTorque, 25, 40, 1.5), { normal })).toEqual([]);
    expect(classify('opening', withExtra(healthyTorque, 25, 40, 6), { normal })).toEqual([4]);
  });

  it('judges what readings there are when points are missing', () => {
    // A reading every 3 curve levels (a fast ramp at 1 s), and every 7 (lost points).
    expect(classify('opening', withExtra(healthyTorque, 1, 8, 40), { levelsPerReading: 3 })).toEqual([1]);
    expect(classify('opening', withExtra(healthyTorque, 57, 62, 10), { levelsPerReading: 3 })).toEqual([3]);
    expect(classify('opening', healthyTorque, { levelsPerReading: 7 })).toEqual([]);
    const { span, signals } = ramp('opening');
    expect(classifyActuation(span, { ...signals, torque: [], pressure: [] }, null)).toEqual([]);
  });

  it('reads the spec limits at the exact curve levels', () => {
    // 17 on the plateau (45.83 % to 53.33 % of an opening): 16.9 passes, 17.1 does not.
    const at55 = (extra: number) => withExtra(healthyTorque, 55, 55, extra - healthyTorque(55));
    expect(valveCurveOpeningLevel(55)).toBe(45.83);
    expect(classify('opening', at55(16.9))).toEqual([]);
    expect(classify('opening', at55(17.1))).toEqual([3]);
  });

  it('does not judge the torque at rest on the start extreme, where a sensor offset would exceed the limit 0', () => {
    const offset: TorqueByProgress = (p) => (p === 0 ? 0.3 : healthyTorque(p));
    expect(classify('opening', offset)).toEqual([]);
    expect(classify('closure', offset)).toEqual([]);
  });

  it('judges an opening read off the curve levels against the most lenient level within one of it', () => {
    // 12 at progress level 4: over its limit 5, under the 15 of level 3.
    const torque = withExtra(healthyTorque, 4, 4, 12 - healthyTorque(4));
    expect(classify('opening', torque)).toEqual([1]);
    const { span, signals } = ramp('opening', { torque });
    const offLevel = { ...signals, opening: signals.opening.map((p) => ({ ...p, value: p.value + 0.3 })) };
    expect(classifyActuation(span, offLevel, null)).toEqual([]);
    // Far over any limit around it, it is still high.
    const { span: s2, signals: high } = ramp('opening', { torque: withExtra(healthyTorque, 4, 8, 30) });
    const highOffLevel = { ...high, opening: high.opening.map((p) => ({ ...p, value: p.value + 0.3 })) };
    expect(classifyActuation(s2, highOffLevel, null)).toEqual([1]);
  });

  it('judges torque read across a gap in the opening readings against the whole range passed', () => {
    // 12 at progress level 8 (limit 5), while the opening readings of levels 2 to 9 are lost.
    const torque = withExtra(healthyTorque, 8, 8, 12 - healthyTorque(8));
    const { span, signals } = ramp('opening', { torque });
    expect(classifyActuation(span, signals, null)).toEqual([1]);
    const gap = { ...signals, opening: signals.opening.filter((_, k) => k < 2 || k > 9) };
    expect(classifyActuation(span, gap, null)).toEqual([]);
  });
});
