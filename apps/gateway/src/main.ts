import { loadPlatformConfig, runService, serviceModule, type ServiceDefinition } from '@plantlens/platform';
import { SimulatorModule } from '@plantlens/simulator';
import { routeToServices, serveWebBuild } from './gateway-routing';
import { STANDALONE_DOMAIN_MODULES } from './standalone-modules';
import { WebAppController } from './web-app.controller';

class WebAppModule {}

runService((): ServiceDefinition => {
  const config = loadPlatformConfig(process.env);
  const webApp = { module: WebAppModule, controllers: [WebAppController] };
  const simulator = config.SIMULATOR_ENABLED ? [SimulatorModule] : [];
  if (config.GATEWAY_MODE === 'cluster') {
    return {
      name: 'gateway',
      module: serviceModule(config, [...simulator, webApp], { database: false }),
      config,
      configure: async (app) => {
        await serveWebBuild(app, config);
        await routeToServices(app, config);
      },
    };
  }
  // Standalone: one process hosts every domain module on the in-memory bus and PGlite (or on Kafka and
  // PostgreSQL when KAFKA_BROKERS and DATABASE_URL are set).
  return {
    name: 'gateway',
    module: serviceModule(config, [...STANDALONE_DOMAIN_MODULES, ...simulator, webApp]),
    config,
    consumerGroup: 'plantlens',
    configure: (app) => serveWebBuild(app, config),
  };
});
