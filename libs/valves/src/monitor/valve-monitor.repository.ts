import { Injectable } from '@nestjs/common';
import type { ValveOperation } from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import { sql, type CompiledQuery } from 'kysely';
import type { SignalPoint } from '../analysis';
import type { ValvesDb } from '../database/valves-database';
import { encodeSampleCopy } from './signal-sample-copy';

// Rows per multi-row insert of actuations and errors (6 parameters each, under PostgreSQL's 65535).
const ROWS_PER_INSERT = 5_000;
const UNIQUE_VIOLATION = '23505';

export interface VariableSignalRow {
  variableId: number;
  clientReference: string;
  asset: string | null;
  signal: string | null;
}

export interface SampleRow {
  asset: string;
  signal: string;
  ts: number;
  value: number;
}

/** The latest instant stored per signal of a valve (null when none arrived yet). */
export interface SignalWatermarks {
  opening: number | null;
  torque: number | null;
  pressure: number | null;
}

export interface SpanQuery {
  asset: string;
  beginMs: number;
  endMs: number;
}

export interface ActuationRow {
  asset: string;
  beginMs: number;
  endMs: number;
  operation: ValveOperation;
  codes: number[];
  torqueProfile: (number | null)[];
}

export interface AssetErrorRow {
  asset: string;
  beginMs: number;
  endMs: number;
  code: number;
}

export interface UnpublishedError extends AssetErrorRow {
  operation: ValveOperation;
}

export interface NormalCurveRow {
  asset: string;
  operation: ValveOperation;
  values: (number | null)[];
}

// The valve monitor's tables: its cache of variable ids, the signal samples, the analysis progress, the
// actuations and errors it wrote, and the errors whose alarm event is still to be published.
@Injectable()
export class ValveMonitorRepository {
  private readonly db: ValvesDb;

  constructor(private readonly database: Database) {
    this.db = database.kysely as ValvesDb;
  }

  async assetIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('valves.asset').select('id').execute();
    return rows.map((row) => row.id);
  }

  variableSignals(): Promise<VariableSignalRow[]> {
    return this.db
      .selectFrom('valves.variable_signal')
      .select(['variable_id as variableId', 'client_reference as clientReference', 'asset', 'signal'])
      .execute();
  }

  async saveVariableSignals(rows: VariableSignalRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('valves.variable_signal')
      .values(
        rows.map((row) => ({
          variable_id: row.variableId,
          client_reference: row.clientReference,
          asset: row.asset,
          signal: row.signal,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('variable_id').doUpdateSet((eb) => ({
          client_reference: eb.ref('excluded.client_reference'),
          asset: eb.ref('excluded.asset'),
          signal: eb.ref('excluded.signal'),
        })),
      )
      .execute();
  }

  async normalCurves(): Promise<NormalCurveRow[]> {
    const rows = await this.db
      .selectFrom('valves.normal_curve')
      .select(['asset', 'operation', 'values'])
      .execute();
    return rows.map((row) => ({ ...row, operation: row.operation as ValveOperation }));
  }

  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  inTransaction<T>(work: (tx: MonitorTransaction) => Promise<T>): Promise<T> {
    return this.database.transaction((connection) => work(new MonitorTransaction(connection, this.db)));
  }

  /** Errors whose alarm event is not on the bus yet, oldest first per valve. */
  unpublishedErrors(limit: number): Promise<UnpublishedError[]> {
    return sql<UnpublishedError>`
      select e.asset, e.begin_ms::float8 as "beginMs", e.end_ms::float8 as "endMs", e.code, a.operation
        from valves.asset_error e
        join valves.actuation a on a.asset = e.asset and a.begin_ms = e.begin_ms
       where not e.published
       order by e.asset, e.begin_ms, e.code
       limit ${limit}`
      .execute(this.db)
      .then((result) => result.rows);
  }

  async markPublished(errors: AssetErrorRow[]): Promise<void> {
    if (errors.length === 0) return;
    await sql`
      update valves.asset_error e set published = true
        from unnest(${errors.map((e) => e.asset)}::text[], ${errors.map((e) => e.beginMs)}::bigint[],
                    ${errors.map((e) => e.code)}::int[]) as p(asset, begin_ms, code)
       where e.asset = p.asset and e.begin_ms = p.begin_ms and e.code = p.code`.execute(this.db);
  }
}

// The statements of one analysis transaction, built with Kysely and run on the transaction's connection
// (which also takes the samples' COPY).
export class MonitorTransaction {
  constructor(
    private readonly connection: DatabaseConnection,
    // only to build queries with; they run on the connection
    private readonly db: ValvesDb,
  ) {}

  // Builders compile on their own, raw `sql` against the dialect.
  private run<R>(query: { compile(db: ValvesDb): CompiledQuery<R> }): Promise<R[]> {
    const { sql: text, parameters } = query.compile(this.db);
    return this.connection.query<R>(text, parameters);
  }

  /**
   * Locks the analysis progress of the valves (creating it at 0), in name order so that two monitor
   * instances never wait on each other in a cycle; returns analysed_until_ms by valve.
   */
  async lockProgress(assets: string[]): Promise<Map<string, number>> {
    const sorted = [...assets].sort();
    // One statement: a missing row is created, an existing one locked by the no-op update.
    const rows = await this.run(sql<{ asset: string; untilMs: number }>`
      insert into valves.analysis_progress as p (asset, analysed_until_ms)
      select asset, 0 from unnest(${sorted}::text[]) with ordinality as a(asset, n) order by n
      on conflict (asset) do update set analysed_until_ms = p.analysed_until_ms
      returning p.asset, p.analysed_until_ms::float8 as "untilMs"`);
    return new Map(rows.map((row) => [row.asset, row.untilMs]));
  }

  /**
   * Idempotent: a sample already stored is overwritten (the input must not repeat a key). Almost always
   * all are new: a binary COPY straight into the table, as fast as PostgreSQL loads rows. If one already
   * exists (a replay, a correction), that attempt is undone to a savepoint and the samples are upserted.
   */
  async upsertSamples(samples: SampleRow[]): Promise<void> {
    if (samples.length === 0) return;
    await this.connection.query('savepoint new_samples');
    try {
      await this.connection.copyFrom(
        'copy valves.signal_sample (asset, signal, ts, value) from stdin (format binary)',
        encodeSampleCopy(samples),
      );
      await this.connection.query('release savepoint new_samples');
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await this.connection.query('rollback to savepoint new_samples');
      await this.run(sql`
        insert into valves.signal_sample (asset, signal, ts, value)
        select * from unnest(${samples.map((s) => s.asset)}::text[], ${samples.map((s) => s.signal)}::text[],
                             ${samples.map((s) => s.ts)}::bigint[], ${samples.map((s) => s.value)}::float8[])
        on conflict (asset, signal, ts) do update set value = excluded.value`);
    }
  }

  /** The opening samples of each valve from its instant on, in time order. */
  async openingSince(since: Map<string, number>): Promise<Map<string, SignalPoint[]>> {
    const assets = [...since.keys()];
    const rows = await this.run(sql<{ asset: string; tsMs: number; value: number }>`
      select s.asset, s.ts::float8 as "tsMs", s.value
        from unnest(${assets}::text[], ${assets.map((a) => since.get(a))}::bigint[]) as p(asset, since)
        join valves.signal_sample s on s.asset = p.asset and s.signal = 'opening' and s.ts >= p.since
       order by s.asset, s.ts`);
    const byAsset = new Map<string, SignalPoint[]>(assets.map((asset) => [asset, []]));
    for (const { asset, tsMs, value } of rows) byAsset.get(asset)?.push({ tsMs, value });
    return byAsset;
  }

  async watermarks(assets: string[]): Promise<Map<string, SignalWatermarks>> {
    const rows = await this.run(sql<SignalWatermarks & { asset: string }>`
      select a.asset,
             (select max(ts) from valves.signal_sample s where s.asset = a.asset and s.signal = 'opening')::float8 as opening,
             (select max(ts) from valves.signal_sample s where s.asset = a.asset and s.signal = 'torque')::float8 as torque,
             (select max(ts) from valves.signal_sample s where s.asset = a.asset and s.signal = 'pressure')::float8 as pressure
        from unnest(${assets}::text[]) as a(asset)`);
    return new Map(rows.map(({ asset, ...marks }) => [asset, marks]));
  }

  /** Torque and pressure samples within each span (inclusive), in time order, by span index. */
  async torqueAndPressure(spans: SpanQuery[]): Promise<{ torque: SignalPoint[]; pressure: SignalPoint[] }[]> {
    const result = spans.map(() => ({ torque: [] as SignalPoint[], pressure: [] as SignalPoint[] }));
    if (spans.length === 0) return result;
    const rows = await this.run(sql<{
      i: number;
      signal: 'torque' | 'pressure';
      tsMs: number;
      value: number;
    }>`
      select p.i::int as i, s.signal, s.ts::float8 as "tsMs", s.value
        from unnest(${spans.map((s) => s.asset)}::text[], ${spans.map((s) => s.beginMs)}::bigint[],
                    ${spans.map((s) => s.endMs)}::bigint[]) with ordinality as p(asset, begin_ms, end_ms, i)
        join valves.signal_sample s
          on s.asset = p.asset and s.signal = any('{torque,pressure}'::text[])
         and s.ts between p.begin_ms and p.end_ms
       order by p.i, s.signal, s.ts`);
    for (const { i, signal, tsMs, value } of rows) result[i - 1][signal].push({ tsMs, value });
    return result;
  }

  /** Inserts the actuations not analysed before; returns how many were new. */
  async insertActuations(rows: ActuationRow[]): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const result = await this.run(
        this.db
          .insertInto('valves.actuation')
          .values(
            rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({
              asset: row.asset,
              begin_ms: row.beginMs,
              end_ms: row.endMs,
              operation: row.operation,
              codes: row.codes,
              torque_profile: row.torqueProfile,
            })),
          )
          .onConflict((conflict) => conflict.columns(['asset', 'begin_ms']).doNothing())
          .returning('asset'),
      );
      inserted += result.length;
    }
    return inserted;
  }

  /** Inserts the errors not raised before (unpublished); returns how many were new. */
  async insertErrors(rows: AssetErrorRow[]): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const result = await this.run(
        this.db
          .insertInto('valves.asset_error')
          .values(
            rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({
              asset: row.asset,
              begin_ms: row.beginMs,
              end_ms: row.endMs,
              code: row.code,
            })),
          )
          .onConflict((conflict) => conflict.columns(['asset', 'begin_ms', 'code']).doNothing())
          .returning('asset'),
      );
      inserted += result.length;
    }
    return inserted;
  }

  async setProgress(untilMs: Map<string, number>): Promise<void> {
    if (untilMs.size === 0) return;
    const assets = [...untilMs.keys()];
    await this.run(sql`
      update valves.analysis_progress p set analysed_until_ms = n.until_ms
        from unnest(${assets}::text[], ${assets.map((a) => untilMs.get(a))}::bigint[]) as n(asset, until_ms)
       where p.asset = n.asset`);
  }
}
