import type { FixedRange } from './explorer-query';

// Spec part 2 §5: min and max are both required, and min is less than max; each field shows its error.
export type FixedRangeError = 'required' | 'order';

export interface FixedRangeCheck {
  errors: { min?: FixedRangeError; max?: FixedRangeError };
  /** the range, when there is no error */
  range: FixedRange | null;
}

export function checkFixedRange(min: number | null, max: number | null): FixedRangeCheck {
  if (min !== null && max !== null) {
    return min < max
      ? { errors: {}, range: { min, max } }
      : { errors: { min: 'order', max: 'order' }, range: null };
  }
  return {
    errors: { ...(min === null && { min: 'required' }), ...(max === null && { max: 'required' }) },
    range: null,
  };
}
