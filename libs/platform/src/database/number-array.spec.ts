import { Database } from './database';
import { numberArray } from './number-array';

describe('numberArray', () => {
  let database: Database;

  beforeAll(async () => {
    database = await Database.openPglite();
  });
  afterAll(() => database.close());

  it('reads back in PostgreSQL as the same numbers, nulls and special values', async () => {
    const floats = [0.1 + 0.2, -0, 1e-300, 1.7976931348623157e308, -2.5e21, null, Number.NaN, -Infinity];
    const bigints = [1_764_000_000_000, -1, 0, null, Number.MAX_SAFE_INTEGER];
    const ints = [1, -2_147_483_648, 2_147_483_647, null];
    const [row] = await database.withConnection((connection) =>
      connection.query<{ floats: string; bigints: string; ints: number[] }>(
        // float8 and bigint as text: the exact value PostgreSQL holds, not a JS re-reading of it.
        `select array(select f::text from unnest($1::float8[]) f) as floats,
                array(select b::text from unnest($2::bigint[]) b) as bigints,
                $3::int[] as ints`,
        [numberArray(floats), numberArray(bigints), numberArray(ints)],
      ),
    );
    expect(row.floats).toEqual([
      '0.30000000000000004',
      '0',
      '1e-300',
      '1.7976931348623157e+308',
      '-2.5e+21',
      null,
      'NaN',
      '-Infinity',
    ]);
    expect(row.bigints).toEqual(['1764000000000', '-1', '0', null, '9007199254740991']);
    expect(row.ints).toEqual([1, -2_147_483_648, 2_147_483_647, null]);
  });

  it('writes an empty array', async () => {
    const [row] = await database.withConnection((connection) =>
      connection.query<{ n: number }>(`select cardinality($1::int[]) as n`, [numberArray([])]),
    );
    expect(row.n).toBe(0);
  });
});
