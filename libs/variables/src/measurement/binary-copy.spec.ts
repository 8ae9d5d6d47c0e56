import { Database } from '@plantlens/platform';
import { encodeMeasurementCopy } from './binary-copy';

describe('encodeMeasurementCopy', () => {
  let database: Database;
  beforeAll(async () => {
    database = await Database.openPglite();
  });
  afterAll(() => database.close());

  it('is read back by COPY (FORMAT binary) exactly, before and after 2000', async () => {
    const points = [
      { variableId: 1, ts: 1, value: -1.25 },
      { variableId: 2, ts: Date.UTC(1999, 11, 31, 23, 59, 59, 999), value: Number.MAX_VALUE },
      { variableId: 2_147_483_647, ts: Date.UTC(2000, 0, 1), value: 0 },
      { variableId: 3, ts: Date.UTC(2026, 10, 22, 6, 45, 1, 123), value: Math.PI },
      { variableId: 4, ts: Date.UTC(2199, 0, 1), value: -5e-324 },
    ];
    const rows = await database.withConnection(async (connection) => {
      await connection.query('create temp table copied (variable_id int4, ts timestamptz, value float8)');
      await connection.copyFrom('copy copied from stdin (format binary)', encodeMeasurementCopy(points));
      return connection.query<{ variableId: number; ts: number; value: number }>(
        `select variable_id as "variableId", round(date_part('epoch', ts) * 1000)::float8 as ts, value
         from copied`,
      );
    });
    expect(rows).toEqual(points);
  });
});
