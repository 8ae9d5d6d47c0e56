// The app under an API test: the chosen domain modules in one process, on an in-memory PGlite and the
// in-memory bus, quiet logs and a known super admin password, listening on a free local port for real (the
// variables and rules modules reach identity at the process's own address).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createServiceApp,
  IN_MEMORY_DATA_DIR,
  loadPlatformConfig,
  serviceModule,
  type PlatformConfig,
} from '@plantlens/platform';

export const TEST_SUPERADMIN_PASSWORD = 'super123';

type Settings = Partial<Record<keyof PlatformConfig, string>>;

export function testConfig(settings: Settings = {}): PlatformConfig {
  return loadPlatformConfig(
    {
      DATA_DIR: IN_MEMORY_DATA_DIR,
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'text',
      SUPERADMIN_PASSWORD: TEST_SUPERADMIN_PASSWORD,
    },
    settings,
  );
}

/** `name` also names the app's consumer group, so that two test apps never share one. */
export async function startTestApp(
  name: string,
  modules: Parameters<typeof serviceModule>[1],
  settings: Settings = {},
): Promise<NestFastifyApplication> {
  const config = testConfig(settings);
  const app = await createServiceApp({
    name,
    module: serviceModule(config, modules),
    config,
    consumerGroup: name,
  });
  await app.listen(0, '127.0.0.1');
  return app;
}
