import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '../metrics/metrics-registry';
import { Database, type PoolUsage } from './database';

/**
 * plantlens_db_pool_connections {state: total|idle|waiting}, read from the pool when scraped. node-postgres
 * reports its clients; PGlite is one connection handed out in turn, whose waiting callers show contention
 * in standalone just as well.
 */
@Injectable()
export class DatabasePoolMetrics {
  constructor(database: Database, registry: MetricsRegistry) {
    new Gauge({
      name: 'plantlens_db_pool_connections',
      help: 'Database pool connections: total, idle, and callers waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const usage = database.poolUsage();
        for (const state of Object.keys(usage) as (keyof PoolUsage)[]) this.set({ state }, usage[state]);
      },
    });
  }
}
