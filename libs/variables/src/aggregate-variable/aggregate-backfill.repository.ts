import { Injectable } from '@nestjs/common';
import type { AggregateBackfillState } from '@plantlens/contracts';
import { Database, type DatabaseConnection } from '@plantlens/platform';

const EPOCH_MS = (column: string) => `round(date_part('epoch', ${column}) * 1000)`;
const atMs = (parameter: string) => `to_timestamp(${parameter}::float8 / 1000.0)`;

/** An open back-fill (pending or running) as the worker's list sees it. */
export interface OpenBackfill {
  variableId: number;
  /** an input is an aggregate whose own back-fill is not finished: this one waits for it */
  waiting: boolean;
  /** an input is an aggregate whose back-fill failed: this one cannot be right either */
  failedInputId: number | null;
}

/** The back-fill of one aggregate, locked for one chunk. */
export interface ClaimedBackfill {
  variableId: number;
  definition: unknown;
  inputIds: number[];
  state: AggregateBackfillState;
  fromMs: number | null;
  toMs: number | null;
  doneUntilMs: number | null;
}

const OPEN = `
  select a.variable_id as "variableId",
         exists (select 1 from variables.aggregate_variable i
                 where i.variable_id = any (a.input_ids) and i.backfill_state in ('pending', 'running')) as waiting,
         (select min(i.variable_id) from variables.aggregate_variable i
          where i.variable_id = any (a.input_ids) and i.backfill_state = 'failed') as "failedInputId"
  from variables.aggregate_variable a
  where a.backfill_state in ('pending', 'running')
  order by a.variable_id`;

// The row stays locked until the chunk's transaction ends: another replica skips it meanwhile, and may take
// the next chunk afterwards (from the committed done_until), so no chunk is ever computed twice at once.
const CLAIM = `
  select variable_id as "variableId", definition, input_ids as "inputIds", backfill_state as state,
         ${EPOCH_MS('backfill_from')} as "fromMs", ${EPOCH_MS('backfill_to')} as "toMs",
         ${EPOCH_MS('backfill_done_until')} as "doneUntilMs"
  from variables.aggregate_variable
  where variable_id = $1 and backfill_state in ('pending', 'running')
  for update skip locked`;

/** The rows of variables.aggregate_variable that drive the back-fill (docs/aggregate-variables.md). */
@Injectable()
export class AggregateBackfillRepository {
  constructor(private readonly database: Database) {}

  open(): Promise<OpenBackfill[]> {
    return this.database.withConnection((connection) => connection.query<OpenBackfill>(OPEN));
  }

  /** The back-fill of the variable, locked until the transaction ends; null if finished or locked. */
  async claim(connection: DatabaseConnection, variableId: number): Promise<ClaimedBackfill | null> {
    const [row] = await connection.query<ClaimedBackfill>(CLAIM, [variableId]);
    return row ?? null;
  }

  /** Running over [fromMs, toMs], nothing done yet; or done at once when there is nothing to fill. */
  async plan(
    connection: DatabaseConnection,
    variableId: number,
    range: { fromMs: number; toMs: number } | null,
  ): Promise<void> {
    await connection.query(
      `update variables.aggregate_variable
       set backfill_state = $2, backfill_from = ${atMs('$3')}, backfill_to = ${atMs('$4')},
           backfill_done_until = null, backfill_error = null
       where variable_id = $1`,
      [variableId, range ? 'running' : 'done', range?.fromMs ?? null, range?.toMs ?? null],
    );
  }

  /** Everything up to doneUntilMs is stored; `finished` when that is the end of the range. */
  async advance(
    connection: DatabaseConnection,
    variableId: number,
    doneUntilMs: number,
    finished: boolean,
  ): Promise<void> {
    await connection.query(
      `update variables.aggregate_variable
       set backfill_done_until = ${atMs('$2')}, backfill_state = $3
       where variable_id = $1`,
      [variableId, doneUntilMs, finished ? 'done' : 'running'],
    );
  }

  async fail(variableId: number, error: string): Promise<void> {
    await this.database.withConnection((connection) =>
      connection.query(
        `update variables.aggregate_variable set backfill_state = 'failed', backfill_error = $2
         where variable_id = $1 and backfill_state in ('pending', 'running')`,
        [variableId, error],
      ),
    );
  }
}
