// Scale-out (docs/operations.md "Scale-out"): two instances of the variables service, separate processes in
// ONE consumer group, and two cluster gateway replicas over the shared PostgreSQL and Kafka. CSV files are
// uploaded through both gateways; halfway, one variables instance is killed with SIGKILL (no drain, no
// leave-group, offsets of its work in flight not committed) while the uploads go on through the other gateway.
// Afterwards the survivor owns every partition the group had, and every point is stored exactly once.
// The run has its own database, consumer group and variable ids (cluster-run.ts), so what other suites
// produce on the shared topics is not its. Needs `npm run build` (the libraries' dist) beforehand.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthHeaders, Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp, kafkaConsumerGroup } from '@plantlens/platform';
import { AssignerProtocol, Kafka, logLevel, type Admin, type GroupDescription } from 'kafkajs';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { gatewayService } from '../src/gateway-service';
import { signIn } from './api-client';
import { eventually } from './aggregate-scenario';
import { prepareClusterRun, type ClusterRun } from './cluster-run';
import { freePort } from './free-port';

const ROOT = resolve(__dirname, '../../..');
const SUPERADMIN_PASSWORD = 'scaleout1';
const VARIABLES = 12;
const ROWS_PER_UPLOAD = 1_000;
const UPLOADS = 30;
const KILL_AFTER_UPLOAD = 12;
const TOTAL_ROWS = UPLOADS * ROWS_PER_UPLOAD;
const DAY_MS = 86_400_000;
// Inside the default raw retention, so no point is refused as expired.
const T0 = Math.floor(Date.now() / DAY_MS) * DAY_MS - 30 * DAY_MS;
const REFERENCES = Array.from({ length: VARIABLES }, (_, index) => `scaleout_${index}`);

// The built variables service; KAFKA_GROUP_PREFIX (cluster-run.ts) puts it in the run's consumer group
// instead of the fixed `variables`, which other suites and `npm run cluster` on the shared broker use too.
const VARIABLES_MAIN = resolve(ROOT, 'apps/variables/dist/main.js');

interface Instance {
  name: string;
  port: number;
  clientId: string;
  process: ChildProcess;
  log: string;
}

// Row n (over all uploads) of variable v holds n * VARIABLES + v: every value distinct and the sums exact.
function csvUpload(upload: number): string {
  let text = `timestamp;${REFERENCES.join(';')}\n`;
  for (let row = upload * ROWS_PER_UPLOAD; row < (upload + 1) * ROWS_PER_UPLOAD; row += 1) {
    text += String(T0 + row * 1000);
    for (let variable = 0; variable < VARIABLES; variable += 1) text += `;${row * VARIABLES + variable}`;
    text += '\n';
  }
  return text;
}

/** The partitions each member of the group holds, by client id: "topic/partition". */
function assignments(group: GroupDescription): Map<string, string[]> {
  return new Map(
    group.members.map((member) => {
      const decoded = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
      const partitions = Object.entries(decoded?.assignment ?? {}).flatMap(([topic, numbers]) =>
        numbers.map((partition) => `${topic}/${partition}`),
      );
      return [member.clientId, partitions.sort()];
    }),
  );
}

describe('scale-out: two variables instances in one group, two gateways, one instance killed', () => {
  let cluster: ClusterRun;
  let group: string;
  let admin: Admin;
  let database: Client;
  let identity: NestFastifyApplication | undefined;
  const gateways: NestFastifyApplication[] = [];
  const instances: Instance[] = [];

  const describeGroup = async () => (await admin.describeGroups([group])).groups[0]!;

  async function startVariables(name: string, identityUrl: string): Promise<Instance> {
    const port = await freePort();
    const clientId = `${cluster.settings.KAFKA_CLIENT_ID}-${name}`;
    const child = spawn(process.execPath, [VARIABLES_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...cluster.settings,
        KAFKA_CLIENT_ID: clientId,
        IDENTITY_URL: identityUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const instance: Instance = { name, port, clientId: `${clientId}-${group}`, process: child, log: '' };
    const keep = (chunk: Buffer) => (instance.log = (instance.log + chunk.toString()).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    instances.push(instance);
    await eventually(
      () =>
        fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (response) => response.status,
          () => 0,
        ),
      (status) => status === 200,
      90_000,
      250,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nvariables ${name} log:\n${instance.log.slice(-3000)}`);
    });
    return instance;
  }

  async function startGateway(identityUrl: string, variables: Instance): Promise<NestFastifyApplication> {
    const gateway = await createServiceApp(
      gatewayService(
        cluster.config({
          GATEWAY_MODE: 'cluster',
          WEB_ROOT: '/nonexistent-web-build',
          IDENTITY_URL: identityUrl,
          VARIABLES_URL: `http://127.0.0.1:${variables.port}`,
          // Rules and valves are not part of this test: nothing listens there and nothing is asked of them.
          RULES_URL: 'http://127.0.0.1:9',
          VALVES_URL: 'http://127.0.0.1:9',
        }),
      ),
    );
    await gateway.listen(0, '127.0.0.1');
    gateways.push(gateway);
    return gateway;
  }

  // A replayed point overwrites itself (primary key variable_id, ts): count and sum per variable show each
  // point stored, none lost, none from elsewhere.
  async function stored(): Promise<{ variable: string; count: number; sum: number }[]> {
    const result = await database.query<{ variable: string; count: number; sum: number }>(
      `select v.client_reference as variable, count(m.ts)::int as count, coalesce(sum(m.value), 0)::float8 as sum
         from variables.variable v left join variables.measurement m on m.variable_id = v.id
        where v.client_reference like 'scaleout\\_%'
        group by 1`,
    );
    return result.rows.sort((a, b) => a.variable.localeCompare(b.variable));
  }
  const storedTotal = async () => (await stored()).reduce((total, row) => total + row.count, 0);

  beforeAll(async () => {
    for (const dist of [
      VARIABLES_MAIN,
      ...['platform', 'variables'].map((library) => resolve(ROOT, 'libs', library, 'dist/index.js')),
    ]) {
      if (!existsSync(dist)) throw new Error(`${dist} is missing: run \`npm run build\` first`);
    }
    const identityPort = await freePort();
    const identityUrl = `http://127.0.0.1:${identityPort}`;
    cluster = await prepareClusterRun('scaleout', { SUPERADMIN_PASSWORD });
    group = kafkaConsumerGroup(cluster.config(), 'variables');
    await cluster.startGroupsAtEnd(['variables'], [Topics.measurements, Topics.derivedMeasurements]);
    admin = new Kafka({
      clientId: `${cluster.settings.KAFKA_CLIENT_ID}-admin`,
      brokers: cluster.settings.KAFKA_BROKERS!.split(','),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    database = new Client({ connectionString: cluster.settings.DATABASE_URL });
    await database.connect();

    identity = await cluster.service('identity', [IdentityModule], identityPort, cluster.signing);
    const first = await startVariables('a', identityUrl);
    // Ids of the run's own: points other runs put on the shared topics name other variables.
    await database.query(
      `alter table variables.variable alter column id restart with ${1_900_000_000 + (Number(cluster.run) % 100_000_000)}`,
    );
    const second = await startVariables('b', identityUrl);
    await startGateway(identityUrl, first);
    await startGateway(identityUrl, second);
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) instance.process.kill('SIGKILL');
    for (const gateway of gateways) await gateway.close();
    await identity?.close();
    await database?.end();
    await admin?.disconnect();
    await cluster?.dropDatabase();
  }, 120_000);

  it('stores every point exactly once, and the survivor takes over every partition', async () => {
    const [doomed, survivor] = instances as [Instance, Instance];
    // Both instances hold partitions before the strike.
    const before = assignments(
      await eventually(
        describeGroup,
        (description) =>
          description.state === 'Stable' &&
          description.members.length === 2 &&
          [...assignments(description).values()].every((partitions) => partitions.length > 0),
        90_000,
        500,
      ),
    );
    expect([...before.keys()].sort()).toEqual([doomed.clientId, survivor.clientId].sort());
    const doomedPartitions = before.get(doomed.clientId)!;
    const startOffsets = await admin.fetchOffsets({ groupId: group, topics: [Topics.measurements] });

    const tokens = await Promise.all(
      gateways.map((gateway) => signIn(gateway, 'admin', SUPERADMIN_PASSWORD)),
    );
    const upload = async (through: number, index: number) => {
      const url = `${await gateways[through]!.getUrl()}/api/web/csv-upload?unknownVariables=create`;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', [AuthHeaders.authorization]: `Bearer ${tokens[through]}` },
        body: csvUpload(index),
      });
      const body = (await response.json()) as { pointsPublished?: number };
      expect([index, response.status, body.pointsPublished]).toEqual([
        index,
        200,
        ROWS_PER_UPLOAD * VARIABLES,
      ]);
    };

    let storedAtKill = 0;
    for (let index = 0; index < UPLOADS; index += 1) {
      // Alternating gateways while both variables instances live; then through the survivor's gateway.
      await upload(index < KILL_AFTER_UPLOAD ? index % 2 : 1, index);
      if (index + 1 === KILL_AFTER_UPLOAD) {
        // The doomed instance has done work of its own: committed progress on a partition it holds.
        await eventually(
          () => admin.fetchOffsets({ groupId: group, topics: [Topics.measurements] }),
          ([offsets]) =>
            offsets!.partitions.some(
              ({ partition, offset }) =>
                doomedPartitions.includes(`${Topics.measurements}/${partition}`) &&
                Number(offset) >
                  Number(startOffsets[0]!.partitions.find((start) => start.partition === partition)!.offset),
            ),
          60_000,
          250,
        );
        const exited = new Promise((resolveExit) => doomed.process.once('exit', resolveExit));
        doomed.process.kill('SIGKILL');
        await exited;
        storedAtKill = await storedTotal();
      }
    }

    // The broker drops the dead member after its session timeout (30 s); the survivor then holds it all.
    const after = assignments(
      await eventually(
        describeGroup,
        (description) => description.state === 'Stable' && description.members.length === 1,
        120_000,
        1_000,
      ),
    );
    expect([...after.keys()]).toEqual([survivor.clientId]);
    expect(after.get(survivor.clientId)).toEqual([...before.values()].flat().sort());

    const perVariable = await eventually(
      stored,
      (rows) => rows.reduce((total, row) => total + row.count, 0) >= TOTAL_ROWS * VARIABLES,
      120_000,
      1_000,
    );
    // Sum over rows n of n * VARIABLES + v.
    const sumOf = (variable: number) =>
      (VARIABLES * TOTAL_ROWS * (TOTAL_ROWS - 1)) / 2 + variable * TOTAL_ROWS;
    expect(perVariable).toEqual(
      REFERENCES.map((variable, index) => ({ variable, count: TOTAL_ROWS, sum: sumOf(index) })).sort((a, b) =>
        a.variable.localeCompare(b.variable),
      ),
    );
    console.log(
      `scale-out: ${TOTAL_ROWS * VARIABLES} points through 2 gateways; variables ${doomed.name} killed with ` +
        `${storedAtKill} stored; ${survivor.name} took over its ${doomedPartitions.length} partitions`,
    );
  }, 480_000);
});
