// The OPC UA connector in the standalone gateway: one process, in-memory bus, PGlite.
import { createServiceApp, IN_MEMORY_DATA_DIR, loadPlatformConfig } from '@plantlens/platform';
import { gatewayService } from '../src/gateway-service';
import { freePort } from './free-port';
import { describeOpcUaScenario } from './opcua-scenario';

describeOpcUaScenario('standalone gateway (in-memory bus, PGlite)', async (settings) => {
  const config = loadPlatformConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    PORT: String(await freePort()),
    ...settings,
  });
  const app = await createServiceApp(gatewayService(config));
  await app.listen(config.PORT, '127.0.0.1');
  return { gateway: app, variables: app, close: () => app.close() };
});
