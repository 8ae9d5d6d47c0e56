import { MqttConnectorModule, OpcUaConnectorModule } from '@plantlens/connectors';
import { serviceModule, type PlatformConfig, type ServiceDefinition } from '@plantlens/platform';
import { SimulatorModule } from '@plantlens/simulator';
import { routeToServices, serveWebBuild } from './gateway-routing';
import { GATEWAY_API_MODULES, STANDALONE_DOMAIN_MODULES } from './standalone-modules';
import { WebAppController } from './web-app.controller';

class WebAppModule {}

/** The gateway process: in front of the services (cluster) or hosting every domain module (standalone). */
export function gatewayService(config: PlatformConfig): ServiceDefinition {
  const webApp = { module: WebAppModule, controllers: [WebAppController] };
  // Data sources that publish to `measurements` from the gateway process, in either mode.
  const sources = [
    ...(config.SIMULATOR_ENABLED ? [SimulatorModule] : []),
    ...(config.MQTT_URL ? [MqttConnectorModule] : []),
    ...(config.OPCUA_URL ? [OpcUaConnectorModule] : []),
  ];
  if (config.GATEWAY_MODE === 'cluster') {
    return {
      name: 'gateway',
      module: serviceModule(config, [...GATEWAY_API_MODULES, ...sources, webApp], { database: false }),
      config,
      // /api/docs describes the whole product: the services' routes the gateway forwards and its own.
      documentedModule: serviceModule(
        config,
        [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES, webApp],
        {
          database: false,
        },
      ),
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
    module: serviceModule(config, [...STANDALONE_DOMAIN_MODULES, ...GATEWAY_API_MODULES, ...sources, webApp]),
    config,
    consumerGroup: 'plantlens',
    configure: (app) => serveWebBuild(app, config),
  };
}
