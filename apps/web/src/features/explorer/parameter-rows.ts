// The variable rows of the parameter selection and what they allow (spec part 2 §5): Explore needs every
// row chosen; Add needs no empty row (and room for one more); Remove needs more than one row.
export interface RowRules {
  canExplore: boolean;
  canAdd: boolean;
  canRemove: boolean;
}

export function rowRules(rows: readonly unknown[], maxRows: number): RowRules {
  const complete = rows.length > 0 && rows.every((row) => row !== null);
  return { canExplore: complete, canAdd: complete && rows.length < maxRows, canRemove: rows.length > 1 };
}
