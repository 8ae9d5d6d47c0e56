import type { RuleOperator } from '@plantlens/contracts';

export interface Comparator {
  /** the rule's condition: value (left) against threshold (right) */
  holds(left: number, right: number): boolean;
  /** an open incidence may close: false, and past the threshold by more than the deadband */
  clears(left: number, right: number): boolean;
}

// With deadband d the closing side moves away from the threshold by d: `> c` opens above c and closes at
// or below c − d; `= c` closes when the value is more than d away from c; `<> c` closes within d of c.
// With d = 0, clears is exactly "holds is false".
export function comparatorOf(operator: RuleOperator, deadband: number): Comparator {
  const d = deadband;
  switch (operator) {
    case '<':
      return { holds: (l, r) => l < r, clears: (l, r) => l >= r + d };
    case '<=':
      return { holds: (l, r) => l <= r, clears: (l, r) => l > r + d };
    case '>':
      return { holds: (l, r) => l > r, clears: (l, r) => l <= r - d };
    case '>=':
      return { holds: (l, r) => l >= r, clears: (l, r) => l < r - d };
    case '=':
      return { holds: (l, r) => l === r, clears: (l, r) => Math.abs(l - r) > d };
    case '<>':
      return { holds: (l, r) => l !== r, clears: (l, r) => Math.abs(l - r) <= d };
  }
}
