import { Global, Injectable, Module } from '@nestjs/common';
import { Registry } from 'prom-client';

/**
 * The Prometheus registry of one service process. Every metric of the process registers here
 * (`new Counter({ …, registers: [registry] })`), never in prom-client's global registry: tests run
 * several apps in one process, and each must count only its own work. Names and labels: docs/operations.md.
 */
@Injectable()
export class MetricsRegistry extends Registry {}

@Global()
@Module({ providers: [MetricsRegistry], exports: [MetricsRegistry] })
export class MetricsModule {}
