import { measurementPointSchema } from '@plantlens/contracts';
import { checkPoint } from './point-check';

const T0 = Date.UTC(2026, 0, 1);

const candidates: [string, unknown, ReturnType<typeof checkPoint>][] = [
  ['a point', { variableId: 1, ts: T0, value: 1.5 }, { variableId: 1, ts: T0, value: 1.5 }],
  [
    'extra fields',
    { variableId: 2, ts: T0, value: -0, quality: 'good' },
    { variableId: 2, ts: T0, value: -0 },
  ],
  ['the epoch itself', { variableId: 3, ts: 0, value: 0 }, { variableId: 3, ts: 0, value: 0 }],
  ['before 1970', { variableId: 1, ts: -1, value: 1 }, 'timestamp-before-1970'],
  ['infinite value', { variableId: 1, ts: T0, value: Number.POSITIVE_INFINITY }, 'non-finite-value'],
  ['negative infinity', { variableId: 1, ts: T0, value: Number.NEGATIVE_INFINITY }, 'non-finite-value'],
  ['NaN', { variableId: 1, ts: T0, value: Number.NaN }, 'non-finite-value'],
  ['null value', { variableId: 1, ts: T0, value: null }, 'invalid-point'],
  ['value as text', { variableId: 1, ts: T0, value: '1.5' }, 'invalid-point'],
  ['fractional ts', { variableId: 1, ts: T0 + 0.5, value: 1 }, 'invalid-point'],
  ['ts as text', { variableId: 1, ts: '2026-01-01', value: 1 }, 'invalid-point'],
  ['unsafe ts', { variableId: 1, ts: 2 ** 53, value: 1 }, 'invalid-point'],
  ['zero id', { variableId: 0, ts: T0, value: 1 }, 'invalid-point'],
  ['negative id', { variableId: -4, ts: T0, value: 1 }, 'invalid-point'],
  ['fractional id', { variableId: 1.5, ts: T0, value: 1 }, 'invalid-point'],
  ['missing id', { ts: T0, value: 1 }, 'invalid-point'],
  ['null', null, 'invalid-point'],
  ['a number', 42, 'invalid-point'],
  ['an array', [1, T0, 1], 'invalid-point'],
];

describe('checkPoint', () => {
  it.each(candidates)('%s', (_name, candidate, verdict) => {
    expect(checkPoint(candidate)).toEqual(verdict);
  });

  it.each(candidates)('agrees with the contract schema: %s', (_name, candidate) => {
    const parsed = measurementPointSchema.safeParse(candidate);
    const checked = checkPoint(candidate);
    expect(typeof checked === 'object').toBe(parsed.success);
    if (parsed.success) expect(checked).toEqual(parsed.data);
  });
});
