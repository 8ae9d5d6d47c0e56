// The OPC UA connector's scenario, run in both modes (opcua-connector.spec.ts standalone,
// opcua-connector.integration-spec.ts in a cluster): a real OPC UA server (node-opcua) → the connector in
// the gateway → `measurements` → the variables module → the explorer's timeline-data. The server is
// restarted in the middle of the stream: every value must arrive once.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpcUaConnector } from '@plantlens/connectors';
import type { TimelineDataDto } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatusCodes, type StatusCode } from 'node-opcua-status-code';
import { eventually } from './aggregate-scenario';
import { apiClient, signIn, type ApiClient } from './api-client';
import { freePort } from './free-port';
import { OPCUA_PASSWORD, OPCUA_USERNAME, startOpcUaServer, type TestOpcUaServer } from './opcua-test-server';

const SUPERADMIN_PASSWORD = 'opcua-test';
const VALUES_BEFORE_RESTART = 30;
const VALUES_AFTER_RESTART = 30;
// Whole seconds (the explorer answers epoch seconds), an hour ago: well inside the raw retention.
const T0 = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;

export interface OpcUaApps {
  /** the app whose HTTP server answers the web API (the gateway) and hosts the connector */
  gateway: NestFastifyApplication;
  /** the app holding the variables module's database */
  variables: NestFastifyApplication;
  close(): Promise<void>;
}

/** `start` gets the settings of the gateway's connector and of the superadmin, and starts the apps. */
export function describeOpcUaScenario(
  mode: string,
  start: (settings: Record<string, string>) => Promise<OpcUaApps>,
): void {
  describe(`OPC UA connector, ${mode}`, () => {
    const unique = `u${Date.now()}`;
    const node = (name: string) => `${unique}.${name}`;
    const references = {
      pressure: `Boiler ${unique} PT-101 [bar]`,
      running: `Pump ${unique} running`,
      status: `Pump ${unique} status`,
      flow: `Flow ${unique}`,
    };
    const pkiDirectory = mkdtempSync(join(tmpdir(), 'plantlens-opcua-client-'));
    let server: TestOpcUaServer;
    let apps: OpcUaApps;
    let explorer: ApiClient;

    const counters = () => apps.gateway.get(OpcUaConnector).counters;

    async function variableId(reference: string): Promise<number | undefined> {
      const { rows } = await sql<{ id: number }>`
        select id from variables.variable where client_reference = ${reference}`.execute(
        apps.variables.get(Database).kysely,
      );
      return rows[0]?.id;
    }

    async function timeline(reference: string): Promise<{ timestamp: number; value: number }[]> {
      const id = await variableId(reference);
      if (id === undefined) return [];
      const response = await explorer
        .get('/api/web/explorer/timeline-data')
        .query({
          variableIds: String(id),
          startDate: T0 - 60_000,
          endDate: Date.now() + 60_000,
          width: 10_000,
        })
        .expect(200);
      const [series] = (response.body as TimelineDataDto).variables;
      expect(series?.sampled).toBe(false);
      return series?.data ?? [];
    }

    beforeAll(async () => {
      server = await startOpcUaServer(await freePort(), [
        { name: node('PT101'), dataType: 'Double' },
        { name: node('Running'), dataType: 'Boolean' },
        { name: node('Status'), dataType: 'String' },
        { name: node('FT3'), dataType: 'Double' },
      ]);
      // The value each node holds when the connector subscribes: the first point of each.
      server.set(node('PT101'), -1, T0 - 1_000);
      server.set(node('Running'), false, T0 - 1_000);
      server.set(node('Status'), 'starting', T0 - 1_000);
      server.set(node('FT3'), 0, T0 - 1_000, StatusCodes.BadSensorFailure);
      apps = await start({
        SUPERADMIN_PASSWORD,
        OPCUA_URL: server.url,
        OPCUA_NODES: JSON.stringify({
          [`ns=1;s=${node('PT101')}`]: references.pressure,
          [`ns=1;s=${node('Running')}`]: references.running,
          [`ns=1;s=${node('Status')}`]: references.status,
          [`ns=1;s=${node('FT3')}`]: references.flow,
        }),
        OPCUA_USERNAME,
        OPCUA_PASSWORD,
        // As fast as the server samples (node-opcua: 50 ms), sent every 100 ms.
        OPCUA_SAMPLING_INTERVAL_MS: '0',
        OPCUA_PUBLISHING_INTERVAL_MS: '100',
        OPCUA_BATCH_MS: '50',
        // Numeric nodes report a change of more than 0.5 only; the server refuses a deadband on the Boolean
        // and String nodes, which are then monitored without one.
        OPCUA_DEADBAND: 'absolute',
        OPCUA_DEADBAND_VALUE: '0.5',
        OPCUA_PKI_DIR: pkiDirectory,
      });
      explorer = apiClient(apps.gateway, await signIn(apps.gateway, 'admin', SUPERADMIN_PASSWORD));
      // Starting the apps (migrations, argon2id) is slow on a busy machine.
    }, 180_000);

    afterAll(async () => {
      await apps?.close();
      await server?.stop();
      rmSync(pkiDirectory, { recursive: true, force: true });
    });

    it('declares each node under its client reference and stores its values, booleans as 1/0, at their source time', async () => {
      // The server samples: a change made before its first sample of a node would replace the initial value.
      // The whole counters are probed so that a timeout shows them all (connected, rejections, published).
      await eventually(
        async () => counters(),
        ({ notifications }) => notifications >= 4,
      );
      server.set(node('Running'), true, T0);
      await eventually(
        () => timeline(references.running),
        (points) => points.length === 2,
      );
      expect(await timeline(references.running)).toEqual([
        { timestamp: (T0 - 1_000) / 1000, value: 0 },
        { timestamp: T0 / 1000, value: 1 },
      ]);
      expect(await timeline(references.pressure)).toEqual([{ timestamp: (T0 - 1_000) / 1000, value: -1 }]);
    });

    it('rejects bad-quality and non-numeric values with their reason, keeps the good ones, and applies the deadband', async () => {
      server.set(node('Status'), 'running', T0);
      const changes: [number, number, StatusCode?][] = [
        [12.5, T0, StatusCodes.UncertainLastUsableValue],
        [13.5, T0 + 1_000],
        // Within the deadband of the last reported value: not reported.
        [13.7, T0 + 2_000],
        [14.5, T0 + 3_000],
      ];
      for (const [value, ts, status] of changes) {
        server.set(node('FT3'), value, ts, status);
        // Farther apart than the server's fastest sampling (50 ms), so no change is sampled away.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await eventually(
        () => timeline(references.flow),
        (points) => points.length === 2,
      );
      expect(await timeline(references.flow)).toEqual([
        { timestamp: (T0 + 1_000) / 1000, value: 13.5 },
        { timestamp: (T0 + 3_000) / 1000, value: 14.5 },
      ]);
      const rejected = await eventually(
        async () => counters().rejected,
        (counts) => counts['invalid-value'] === 2,
      );
      expect(rejected).toEqual({ 'bad-quality': 1, 'uncertain-quality': 1, 'invalid-value': 2 });
      // A node whose every value was rejected leaves no empty variable behind.
      expect(await variableId(references.status)).toBeUndefined();
    });

    it('goes on after the server restarts, re-subscribing, and publishes every value exactly once', async () => {
      const { publishedPoints: publishedBefore, repeated: repeatedBefore } = counters();
      const write = async (from: number, count: number) => {
        for (let i = from; i < from + count; i += 1) {
          // Steps of 1.5, beyond the deadband.
          server.set(node('PT101'), i * 1.5, T0 + (i + 1) * 1_000);
          // Farther apart than the server's fastest sampling (50 ms), so no change is sampled away.
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await write(0, VALUES_BEFORE_RESTART);
      await eventually(
        () => timeline(references.pressure),
        (points) => points.length === 1 + VALUES_BEFORE_RESTART,
      );

      // The repeats awaited below prove the connector saw the restart: only re-created items replay a last
      // value. (Waiting to see it disconnected could miss a reconnection made while the server started.)
      await server.restart();
      // Monitored items re-created: each Good node sends its last value again (Status's text is rejected
      // again). Writing before that could be sampled away, as at the first start. On a loaded machine the
      // client may need a second attempt at the session, and re-create the items twice: at least 3 repeats.
      await eventually(
        async () => counters(),
        ({ connected, repeated }) => connected && repeated - repeatedBefore >= 3,
        90_000,
      );
      await write(VALUES_BEFORE_RESTART, VALUES_AFTER_RESTART);

      const total = 1 + VALUES_BEFORE_RESTART + VALUES_AFTER_RESTART;
      const points = await eventually(
        () => timeline(references.pressure),
        (stored) => stored.length === total,
      );
      expect(points).toEqual([
        { timestamp: (T0 - 1_000) / 1000, value: -1 },
        ...Array.from({ length: VALUES_BEFORE_RESTART + VALUES_AFTER_RESTART }, (_, i) => ({
          timestamp: (T0 + (i + 1) * 1_000) / 1000,
          value: i * 1.5,
        })),
      ]);
      // Stored points cannot show a repeat (writes are idempotent); the connector's counts do: the replayed
      // last values were skipped, and nothing else was published.
      const after = counters();
      expect(after.publishedPoints - publishedBefore).toBe(VALUES_BEFORE_RESTART + VALUES_AFTER_RESTART);
      expect(after.repeated - repeatedBefore).toBeGreaterThanOrEqual(3);
    }, 180_000);
  });
}
