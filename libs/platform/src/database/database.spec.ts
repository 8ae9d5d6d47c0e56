import { sql } from 'kysely';
import { Database } from './database';
import { SchemaMigrator } from './schema-migrator';

describe('Database on PGlite', () => {
  let database: Database;

  beforeAll(async () => {
    database = await Database.openPglite();
  });
  afterAll(() => database.close());

  it('runs a schema migration set once and records it', async () => {
    const migrator = new SchemaMigrator(database);
    const migrations = {
      '0001-things': {
        up: async (db: Database['kysely']) => {
          await sql`create table demo.thing (id int primary key, name text not null)`.execute(db);
        },
      },
    };
    await migrator.migrate('demo', migrations);
    await migrator.migrate('demo', migrations);
    const applied = await sql<{ name: string }>`select name from demo.kysely_migration`.execute(
      database.kysely,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(['0001-things']);
  });

  it('keeps a transaction isolated from concurrent statements on its single connection', async () => {
    await sql`create table counter (n int)`.execute(database.kysely);
    const transaction = database.kysely.transaction().execute(async (trx) => {
      await sql`insert into counter values (1)`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('roll back');
    });
    const outside = sql<{ count: number }>`select count(*)::int as count from counter`.execute(
      database.kysely,
    );
    await expect(transaction).rejects.toThrow('roll back');
    expect((await outside).rows[0]?.count).toBe(0);
  });

  it('reports its one connection as idle, in use, and the callers waiting for it', async () => {
    expect(database.poolUsage()).toEqual({ total: 1, idle: 1, waiting: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = database.withConnection(() => held);
    const waiters = [database.ping(), database.ping()];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(database.poolUsage()).toEqual({ total: 1, idle: 0, waiting: 2 });
    release();
    await Promise.all([holder, ...waiters]);
    expect(database.poolUsage()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it('bulk-loads CSV with COPY', async () => {
    await sql`create table sample (id int, value float8)`.execute(database.kysely);
    await database.copyCsv('COPY sample (id, value) FROM STDIN (FORMAT csv)', '1,1.5\n2,2.5\n');
    const result = await sql<{ total: number }>`select sum(value) as total from sample`.execute(
      database.kysely,
    );
    expect(result.rows[0]?.total).toBe(4);
  });

  it('runs COPY inside a transaction on one connection, and rolls both back together', async () => {
    await sql`create table batch (id int primary key)`.execute(database.kysely);
    await expect(
      database.transaction(async (connection) => {
        await connection.copyFrom('COPY batch (id) FROM STDIN (FORMAT csv)', '1\n2\n');
        expect(await connection.query('select count(*)::int as n from batch')).toEqual([{ n: 2 }]);
        await connection.query('insert into batch values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await database.transaction((connection) =>
      connection.copyFrom('COPY batch (id) FROM STDIN (FORMAT csv)', '3\n'),
    );
    const rows = await database.withConnection((connection) => connection.query('select id from batch'));
    expect(rows).toEqual([{ id: 3 }]);
  });
});
