// Backup and restore (docs/operations.md "Backup and restore"): a PostgreSQL database filled through the API
// (users, variables, points, a rule and the incidence its points raise) is dumped by tools/backup/backup.sh and
// restored by tools/backup/restore.sh into a fresh database. Every table of every schema holds the same rows
// (count and an md5 of the ordered rows), and the product started on the restored database finds its
// migrations current, signs in the restored users and answers with the restored data. restore.sh refuses a
// database that is not empty, and a cut-off dump restores nothing. The databases are the test's own on the
// shared PostgreSQL.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics, type RuleIncidenceDto, type VariableMinimalDto } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { EventPublisher, InMemoryBroker } from '@plantlens/platform';
import { OutboxService, RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { apiClient, signIn, type ApiClient } from './api-client';
import { createMember, startTestApp, TEST_MEMBER_PASSWORD, TEST_SUPERADMIN_PASSWORD } from './test-app';

const ROOT = resolve(__dirname, '../../..');
const RUN = `${process.pid}${Date.now() % 100_000}`;
const SOURCE = `plantlens_backup_it_${RUN}`;
const RESTORED = `plantlens_restore_it_${RUN}`;
const CUT_OFF = `plantlens_cut_restore_it_${RUN}`;
const POINTS_PER_VARIABLE = 5_000;
const DAY_MS = 86_400_000;
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 10 * DAY_MS;
const run = promisify(execFile);

interface TableDigest {
  rows: number;
  md5: string;
}

function databaseUrl(name: string): string {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('Needs DATABASE_URL from tools/postgres/start.sh');
  return base.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
}

async function onDatabase<T>(name: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every table of the product's schemas: its row count and the md5 of its rows in text, ordered. */
function digest(name: string): Promise<Record<string, TableDigest>> {
  return onDatabase(name, async (client) => {
    const tables = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1`,
    );
    const digests: Record<string, TableDigest> = {};
    for (const { name: table } of tables.rows) {
      const result = await client.query<TableDigest>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
           from ${table} t`,
      );
      digests[table] = result.rows[0]!;
    }
    return digests;
  });
}

function script(name: 'backup' | 'restore', database: string, file: string) {
  return run('bash', [resolve(ROOT, `tools/backup/${name}.sh`), file], {
    env: { ...process.env, DATABASE_URL: databaseUrl(database) },
  });
}

describe('backup and restore with tools/backup', () => {
  let app: NestFastifyApplication | undefined;
  let directory: string;

  const startProduct = (database: string) =>
    startTestApp(`backup-it-${RUN}`, [IdentityModule, VariablesModule, RulesModule], {
      DATABASE_URL: databaseUrl(database),
    });

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'plantlens-backup-'));
    await onDatabase('postgres', async (server) => {
      for (const database of [SOURCE, RESTORED, CUT_OFF]) await server.query(`create database ${database}`);
    });
  });

  afterAll(async () => {
    await app?.close();
    await onDatabase('postgres', async (server) => {
      for (const database of [SOURCE, RESTORED, CUT_OFF])
        await server.query(`drop database if exists ${database} with (force)`);
    });
    await rm(directory, { recursive: true, force: true });
  }, 60_000);

  it('restores the same users, variables, points, rules and incidences into a fresh database', async () => {
    app = await startProduct(SOURCE);
    const admin: ApiClient = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const operator = await createMember(app, admin, 'backup.operator', { flags: { incidence: true } });
    const declared = await admin
      .post('/api/web/variable/raw/declare')
      .send({
        variables: [
          { clientReference: 'backup_flow', name: 'Backup flow', unit: 'm³/h' },
          { clientReference: 'backup_level', name: 'Backup level', unit: 'm' },
          { clientReference: 'backup_torque', name: 'Backup torque', unit: 'N·m' },
        ],
      })
      .expect(201);
    const [flow, level, torque] = (declared.body.variables as { id: number }[]).map(
      (variable) => variable.id,
    );
    const [rule] = (
      await admin
        .post('/api/web/rules-incidence')
        .send([{ name: 'Backup torque high', operator: '>', varOneId: torque, constant: 50 }])
        .expect(201)
    ).body as RuleIncidenceDto[];
    await admin.put(`/api/web/permission/incidence/${rule!.id}/read/user/${operator.id}`).expect(200);

    const publisher = app.get(EventPublisher);
    const settle = async () => {
      for (let round = 0; round < 3; round += 1) {
        await app!.get(InMemoryBroker).drain();
        await app!.get(OutboxService).flush();
      }
    };
    await settle();
    for (const variableId of [flow!, level!]) {
      const points = Array.from({ length: POINTS_PER_VARIABLE }, (_, i) => ({
        variableId,
        ts: T0 + i * 60_000,
        value: Math.sin(i / 100) * variableId,
      }));
      await publisher.publish(Topics.measurements, { source: 'backup-test', points }, String(variableId));
    }
    // Live points crossing the rule's threshold raise an incidence.
    const now = Math.ceil(Date.now() / 1000) * 1000;
    const live = [40, 60, 70, 30].map((value, i) => ({ variableId: torque!, ts: now + i * 1000, value }));
    await publisher.publish(Topics.measurements, { source: 'backup-test', points: live }, String(torque));
    await settle();
    await app.close();
    app = undefined;

    const source = await digest(SOURCE);
    expect(source).toMatchObject({
      'identity.app_user': { rows: 2 },
      'variables.variable': { rows: 3 },
      'variables.measurement': { rows: 2 * POINTS_PER_VARIABLE + live.length },
      'rules.rule': { rows: 1 },
    });
    expect(source['rules.incidence']!.rows).toBeGreaterThan(0);

    const file = join(directory, 'plantlens.dump');
    await script('backup', SOURCE, file);
    await script('restore', RESTORED, file);
    expect(await digest(RESTORED)).toEqual(source);

    // A second restore into the now full database is refused, and changes nothing.
    await expect(script('restore', RESTORED, file)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/is not empty .* restore into a new database/),
    });
    expect(await digest(RESTORED)).toEqual(source);
    // A cut-off dump fails the restore, and leaves the database as empty as it was (one transaction).
    const cutOff = join(directory, 'cut-off.dump');
    const dump = await readFile(file);
    await writeFile(cutOff, dump.subarray(0, Math.floor(dump.length / 2)));
    await expect(script('restore', CUT_OFF, cutOff)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/pg_restore failed; nothing was restored/),
    });
    expect(await digest(CUT_OFF)).toEqual({});

    // The product on the restored database: no migration to apply, the users sign in, the data is there.
    app = await startProduct(RESTORED);
    const migrations = (digests: Record<string, TableDigest>) =>
      Object.entries(digests).filter(([table]) => table.endsWith('.kysely_migration'));
    expect(migrations(await digest(RESTORED))).toEqual(migrations(source));
    const restoredAdmin = apiClient(app, await signIn(app, 'admin', TEST_SUPERADMIN_PASSWORD));
    const restoredOperator = apiClient(app, await signIn(app, 'backup.operator', TEST_MEMBER_PASSWORD));
    const seenRule = await restoredOperator.get(`/api/web/rules-incidence/${rule!.id}`).expect(200);
    expect(seenRule.body).toMatchObject({ id: rule!.id, name: 'Backup torque high' });
    const minimal = await restoredAdmin
      .get(`/api/web/variable/minimal?ids=${flow},${level},${torque}`)
      .expect(200);
    expect((minimal.body as VariableMinimalDto[]).map((variable) => variable.clientReference).sort()).toEqual(
      ['backup_flow', 'backup_level', 'backup_torque'],
    );
  }, 240_000);
});
