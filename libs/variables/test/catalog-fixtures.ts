// Test data for the catalogue and correlation scenarios, written so that repeated runs against one
// persistent PostgreSQL database do not see each other: every reference and every tag root carries
// the run's prefix.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders } from '@plantlens/contracts';
import { AuthKeys, Database } from '@plantlens/platform';
import { sql } from 'kysely';
import request from 'supertest';

export const T0 = Date.UTC(2026, 0, 1);
/** T0 plus the given seconds, in epoch milliseconds. */
export const at = (seconds: number) => T0 + seconds * 1000;

export interface TestVariable {
  /** the reference (and the name, without a label), before the run's prefix */
  name: string;
  /** the name when it differs from the reference, before the run's prefix */
  label?: string;
  unit?: string | null;
  /** tag paths, before the run's prefix on their root */
  tags?: string[];
}

export const prefixed = (prefix: string, name: string) => `${prefix}_${name}`;
const prefixedTag = (prefix: string, path: string) => `${prefix} ${path}`;

/** Declares the variables as a data source does; their ids by (unprefixed) name. */
export async function declareVariables(
  app: NestFastifyApplication,
  prefix: string,
  variables: TestVariable[],
): Promise<Record<string, number>> {
  const response = await request(app.getHttpServer())
    .post('/api/web/variable/raw/declare')
    .set(AuthHeaders.serviceToken, app.get(AuthKeys).serviceToken)
    .send({
      variables: variables.map(({ name, label, unit, tags }) => ({
        clientReference: prefixed(prefix, name),
        name: label === undefined ? prefixed(prefix, name) : `${prefix} ${label}`,
        unit: unit ?? null,
        tags: tags?.map((path) => prefixedTag(prefix, path)),
      })),
    })
    .expect(201);
  const ids = new Map<string, number>(
    response.body.variables.map((v: { id: number; clientReference: string }) => [v.clientReference, v.id]),
  );
  return Object.fromEntries(variables.map(({ name }) => [name, ids.get(prefixed(prefix, name))!]));
}

/** The ids of this run's tags by (unprefixed) path, e.g. "Area/DCU/Drum A". */
export async function tagIdsByPath(
  app: NestFastifyApplication,
  prefix: string,
): Promise<Map<string, number>> {
  const tags: { id: number; name: string; parent_id: number | null }[] = await app
    .get(Database)
    .kysely.selectFrom('variables.tag')
    .select(['id', 'name', 'parent_id'])
    .execute();
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const pathOf = (id: number): string => {
    const tag = byId.get(id)!;
    return tag.parent_id === null ? tag.name : `${pathOf(tag.parent_id)}/${tag.name}`;
  };
  const root = prefixedTag(prefix, '');
  return new Map(
    tags
      .map((tag) => [pathOf(tag.id), tag.id] as const)
      .filter(([path]) => path.startsWith(root))
      .map(([path, id]) => [path.slice(root.length), id]),
  );
}

/** Raw points [seconds after T0, value], written straight into the table as data. */
export async function insertPoints(
  app: NestFastifyApplication,
  variableId: number,
  points: [number, number][],
): Promise<void> {
  await sql`
    insert into variables.measurement (variable_id, ts, value)
    select ${variableId}, to_timestamp(t / 1000.0), v
    from unnest(${points.map(([s]) => at(s))}::float8[], ${points.map(([, v]) => v)}::float8[]) as p(t, v)`.execute(
    app.get(Database).kysely,
  );
}

/** Rollup rows [bucket start in seconds after T0, sum, count]; min, max, first and last are the mean. */
export async function insertRollups(
  app: NestFastifyApplication,
  variableId: number,
  resolutionS: number,
  rows: [number, number, number][],
): Promise<void> {
  await app
    .get(Database)
    .kysely.insertInto('variables.rollup')
    .values(
      rows.map(([seconds, sum, count]) => {
        const ts = new Date(at(seconds));
        const mean = sum / count;
        return {
          variable_id: variableId,
          resolution_s: resolutionS,
          bucket: ts,
          count,
          sum,
          ...{ min: mean, max: mean, first: mean, last: mean },
          ...{ min_ts: ts, max_ts: ts, first_ts: ts, last_ts: ts },
        };
      }),
    )
    .execute();
}
