import { checkFixedRange } from './fixed-range';

describe('checkFixedRange', () => {
  it('accepts a minimum below the maximum, negatives and decimals included', () => {
    expect(checkFixedRange(-2.5, 0.75)).toEqual({ errors: {}, range: { min: -2.5, max: 0.75 } });
  });

  it('requires both bounds, each with its own error', () => {
    expect(checkFixedRange(null, 10)).toEqual({ errors: { min: 'required' }, range: null });
    expect(checkFixedRange(10, null)).toEqual({ errors: { max: 'required' }, range: null });
    expect(checkFixedRange(null, null)).toEqual({
      errors: { min: 'required', max: 'required' },
      range: null,
    });
  });

  it('marks both bounds when the minimum is not below the maximum', () => {
    expect(checkFixedRange(10, 10)).toEqual({ errors: { min: 'order', max: 'order' }, range: null });
    expect(checkFixedRange(11, 10)).toEqual({ errors: { min: 'order', max: 'order' }, range: null });
  });

  it('takes zero as a bound, not as a missing one', () => {
    expect(checkFixedRange(0, 1).range).toEqual({ min: 0, max: 1 });
  });
});
