// The variable tables page, sort and filter on the server (part 1 §2 "/variable-management"): over
// 20 000 variables a page sorted by any column is read from an index in order, not sorted in full.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { VARIABLE_ORDER_FIELDS, VARIABLE_PAGE_SIZE } from '@plantlens/contracts';
import { Database, IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { CompiledQuery, sql } from 'kysely';
import { VariableRepository } from '../src/variable/variable.repository';
import { startVariablesService } from './measurement-pipeline.scenario';

const VARIABLES = 20_000;

describe('variable page over 20 000 variables (PGlite)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await startVariablesService(
      loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
    );
    const db = app.get(Database).kysely;
    await sql`
      insert into variables.variable (client_reference, name, unit, aggregate)
      select 'ref_' || lpad(i::text, 5, '0'), 'Variable ' || (${VARIABLES} - i), (array['bar', 'kg', null])[i % 3 + 1],
        i % 10 = 0
      from generate_series(1, ${VARIABLES}) as i`.execute(db);
    await sql`analyze variables.variable`.execute(db);
  }, 60_000);
  afterAll(() => app?.close());

  const plan = async (compiled: CompiledQuery) => {
    const result = await app
      .get(Database)
      .kysely.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it.each(
    VARIABLE_ORDER_FIELDS.flatMap((field) =>
      (['asc', 'desc'] as const).map((direction) => [field, direction]),
    ),
  )('reads a page by %s %s from an index, raw variables included', async (field, direction) => {
    for (const origin of ['all', 'raw'] as const) {
      const query = app
        .get(VariableRepository)
        .matchingInOrder(
          { text: '', tags: [], origin },
          { field: field as (typeof VARIABLE_ORDER_FIELDS)[number], direction: direction as 'asc' | 'desc' },
          { limit: VARIABLE_PAGE_SIZE, offset: VARIABLE_PAGE_SIZE * 5 },
        );
      const text = await plan(query.compile());
      expect(text).toMatch(/Index Scan/);
      expect(text).not.toMatch(/Sort/);
      expect(await query.execute()).toHaveLength(VARIABLE_PAGE_SIZE);
    }
  });
});
