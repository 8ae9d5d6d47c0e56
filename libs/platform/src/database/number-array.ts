/**
 * A PostgreSQL array literal of numbers ('{1,2.5,NULL}'), for a parameter cast to int[], bigint[] or
 * float8[]. node-postgres turns a JS array into the same literal element by element, quoting and escaping
 * each one; for the tens of thousands of numbers of a rules-engine checkpoint that escaping cost about as
 * much CPU as evaluating the rules. Numbers print as JavaScript does (shortest exact form, NaN, Infinity),
 * which PostgreSQL reads back to the same value.
 */
export function numberArray(values: readonly (number | null)[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) literal += ',';
    const value = values[i];
    literal += value === null ? 'NULL' : String(value);
  }
  return `${literal}}`;
}
