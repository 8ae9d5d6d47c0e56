import { valveLimitCurve } from '@plantlens/contracts';
import { PLANT_TREE, T0 } from './fixtures/valve-fixtures';
import { findAsset } from './plant-status';
import { actuationOperation, isOverLimit, limitAt, reviewMovement, valveInfo } from './valve-rules';

const points = (...values: [offset: number, value: number][]) =>
  values.map(([offset, value]) => ({ dateTime: T0 + offset, value }));

describe('valve rules (spec part 2 §4, §9)', () => {
  it('calls an actuation an opening when its first opening value by time is lower than its last', () => {
    // Out of time order on purpose: the rule reads them by time.
    expect(actuationOperation(points([2, 100], [0, 0], [1, 50]))).toBe('opening');
    expect(actuationOperation(points([0, 100], [1, 0]))).toBe('closure');
    expect(actuationOperation(points([0, 40], [1, 40]))).toBe('closure');
    expect(actuationOperation([])).toBe('closure');
  });

  it('links the review to closures only when the first opening value exceeds the last', () => {
    expect(reviewMovement(points([0, 100], [5, 0]))).toBe('closures');
    expect(reviewMovement(points([5, 100], [0, 0]))).toBe('openings');
    expect(reviewMovement(points([0, 40], [1, 40]))).toBe('openings');
  });

  it('applies the limit only at an exactly matching opening level, elsewhere the value itself', () => {
    const opening = valveLimitCurve('opening');
    expect(limitAt(opening, 0.83, 95)).toBe(90);
    expect(isOverLimit(opening, 0.83, 95)).toBe(true);
    expect(isOverLimit(opening, 0.83, 90)).toBe(false);
    // 0.84 is no point of the curve: the bar is judged against itself, so never red.
    expect(limitAt(opening, 0.84, 95)).toBe(95);
    expect(isOverLimit(opening, 0.84, 95)).toBe(false);
    expect(isOverLimit(valveLimitCurve('closure'), 100, 1)).toBe(true);
  });
});

describe('valve info card', () => {
  const now = new Date(2026, 2, 17, 12);
  const gate01 = findAsset(PLANT_TREE, 'gate01');

  it('shows XXX for a valve the plant does not know', () => {
    expect(valveInfo(undefined, 3, now)).toEqual({
      type: 'XXX',
      serialNumber: 'XXX',
      tagNumber: 'XXX',
      lastMaintenance: 'XXX',
      cycleNumber: 3,
    });
  });

  it('dates the last maintenance to the first of the month when the valve actuated, else "-"', () => {
    expect(valveInfo(gate01, 4, now)).toEqual({
      type: 'Gate',
      serialNumber: 'SN-gate01',
      tagNumber: 'TAG-gate01',
      lastMaintenance: '01/03/2026',
      cycleNumber: 4,
    });
    expect(valveInfo(gate01, 0, now).lastMaintenance).toBe('-');
    // The count not (yet) known: 0 cycles.
    expect(valveInfo(gate01, undefined, now)).toMatchObject({ lastMaintenance: '-', cycleNumber: 0 });
  });

  it('prefers the maintenance date stored in the plant model', () => {
    const maintained = gate01 && { ...gate01, lastMaintenance: '2026-01-20' };
    expect(valveInfo(maintained, 0, now).lastMaintenance).toBe('20/01/2026');
  });
});
