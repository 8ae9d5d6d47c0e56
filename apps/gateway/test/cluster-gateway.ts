// The gateway in cluster mode in front of one process standing for the services behind it, sharing a key
// pair and a service token as a deployment's services do.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { gatewayService } from '../src/gateway-service';

export interface ClusterGateway {
  services: NestFastifyApplication;
  gateway: NestFastifyApplication;
  close(): Promise<void>;
}

export async function startClusterGateway(
  serviceModules: (Type | DynamicModule)[],
  superAdminPassword: string,
  gatewaySettings: Partial<Record<keyof PlatformConfig, string>> = {},
): Promise<ClusterGateway> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const shared = {
    AUTH_VERIFY_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    SERVICE_TOKEN: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
  };
  const serviceConfig = loadPlatformConfig({
    ...shared,
    DATA_DIR: IN_MEMORY_DATA_DIR,
    AUTH_SIGNING_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    SUPERADMIN_PASSWORD: superAdminPassword,
  });
  const services = await createServiceApp({
    name: 'services',
    module: serviceModule(serviceConfig, serviceModules),
    config: serviceConfig,
    consumerGroup: 'services',
  });
  await services.listen(0, '127.0.0.1');
  const upstream = await services.getUrl();
  const gatewayConfig = loadPlatformConfig({
    ...shared,
    GATEWAY_MODE: 'cluster',
    WEB_ROOT: '/nonexistent-web-build',
    IDENTITY_URL: upstream,
    VARIABLES_URL: upstream,
    RULES_URL: upstream,
    VALVES_URL: upstream,
    ...gatewaySettings,
  });
  const gateway = await createServiceApp(gatewayService(gatewayConfig));
  await gateway.getHttpAdapter().getInstance().ready();
  return {
    services,
    gateway,
    async close() {
      await gateway.close();
      await services.close();
    },
  };
}
