// Aggregate variables in the standalone arrangement: the gateway as `npm start` runs it (every domain module,
// PGlite in a folder of its own, the in-memory bus, the simulator on), restarted on the same folder.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, InMemoryBroker, type ServiceDefinition } from '@plantlens/platform';
import { OutboxService } from '@plantlens/rules';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayService } from '../src/gateway-service';
import {
  describeAggregateScenario,
  SCENARIO_SIMULATOR_SETTINGS,
  SmallBackfillChunksModule,
  type AggregateServices,
} from './aggregate-scenario';
import { freePort } from './free-port';
import { testConfig, TEST_SUPERADMIN_PASSWORD } from './test-app';

function withSmallBackfillChunks(service: ServiceDefinition): ServiceDefinition {
  class AggregateScenarioRootModule {}
  return {
    ...service,
    module: { module: AggregateScenarioRootModule, imports: [service.module, SmallBackfillChunksModule] },
  };
}

describeAggregateScenario('standalone: PGlite + in-memory bus', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aggregate-variables-'));
  // The simulator declares its variables at the process's own PORT.
  const port = await freePort();
  let app: NestFastifyApplication | undefined;

  async function start(historyHours: string): Promise<AggregateServices> {
    const config = testConfig({
      ...SCENARIO_SIMULATOR_SETTINGS,
      SIMULATOR_BACKFILL_HOURS: historyHours,
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_ROOT: '/nonexistent-web-build',
    });
    const gateway = await createServiceApp(withSmallBackfillChunks(gatewayService(config)));
    await gateway.listen(port, '127.0.0.1');
    app = gateway;
    return {
      variables: gateway,
      rules: gateway,
      identity: gateway,
      async settle() {
        for (let round = 0; round < 3; round += 1) {
          await gateway.get(InMemoryBroker).drain();
          gateway.get(OutboxService).drainSoon();
          await gateway.get(OutboxService).flush();
        }
      },
    };
  }

  return {
    superAdminPassword: TEST_SUPERADMIN_PASSWORD,
    start: () => start(SCENARIO_SIMULATOR_SETTINGS.SIMULATOR_BACKFILL_HOURS),
    async restartVariables() {
      await app?.close();
      // The history is stored already; the restarted simulator only goes on live.
      return start('0');
    },
    async stop() {
      await app?.close();
      app = undefined;
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});
