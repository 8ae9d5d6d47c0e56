import { Logger } from '@nestjs/common';
import { ConfigurationError } from '../config/platform-config';
import { bootstrapService, type ServiceDefinition } from './bootstrap-service';

// The whole of a service's main.ts: start, print where it listens, and fail with a readable reason.
export function runService(define: () => ServiceDefinition | Promise<ServiceDefinition>): void {
  const logger = new Logger('Bootstrap');
  (async () => {
    const service = await define();
    const { url } = await bootstrapService(service);
    logger.log(`Plantlens ${service.name} listening on ${url}`);
  })().catch((error: unknown) => {
    if (error instanceof ConfigurationError) console.error(error.message);
    else logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
