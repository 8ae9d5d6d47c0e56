// One cluster test run over the shared PostgreSQL and Kafka (cluster-servers.ts): its services run in the
// test's process, each in its consumer group of the run's own.
import type { DynamicModule, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';
import { prepareClusterServers, type ClusterServers } from './cluster-servers';

export interface ClusterRun extends ClusterServers {
  config(extra?: Record<string, string>): PlatformConfig;
  /** a service of the run, listening on port, in its consumer group */
  service(
    name: string,
    modules: (Type | DynamicModule)[],
    port: number,
    extra?: Record<string, string>,
  ): Promise<NestFastifyApplication>;
}

export async function prepareClusterRun(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<ClusterRun> {
  const servers = await prepareClusterServers(prefix, {
    LOG_LEVEL: 'error',
    LOG_FORMAT: 'text',
    ...settings,
  });
  const config = (extra: Record<string, string> = {}) =>
    loadPlatformConfig({ ...servers.settings, ...extra });
  return {
    ...servers,
    config,
    async service(name, modules, port, extra = {}) {
      const serviceConfig = config(extra);
      const app = await createServiceApp({
        name,
        module: serviceModule(serviceConfig, modules),
        config: serviceConfig,
        consumerGroup: name,
      });
      await app.listen(port, '127.0.0.1');
      return app;
    },
  };
}

/**
 * Closes the apps one after the other, in the order given. A close that takes over 10 s is reported on stderr
 * with the service's name: under CI load one such close once outlasted a 60 s hook, and which one was not known.
 */
export async function closeInOrder(apps: Record<string, NestFastifyApplication | undefined>): Promise<void> {
  for (const [name, app] of Object.entries(apps)) {
    const started = Date.now();
    await app?.close();
    const tookMs = Date.now() - started;
    if (tookMs > 10_000) process.stderr.write(`closing ${name} took ${(tookMs / 1000).toFixed(1)} s\n`);
  }
}
