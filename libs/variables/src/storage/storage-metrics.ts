import { Injectable, Logger } from '@nestjs/common';
import { MetricsRegistry } from '@plantlens/platform';
import { Gauge } from 'prom-client';
import { StorageStatsRepository, type StorageStats } from './storage-stats.repository';

// Scrapes come every few seconds, from every Prometheus and back-office viewer: the figures are read at
// most this often, so scraping costs the database nothing noticeable.
export const STORAGE_STATS_MAX_AGE_MS = 15_000;

/**
 * plantlens_database_size_bytes and plantlens_points_stored, read on scrape from a cache of
 * STORAGE_STATS_MAX_AGE_MS (docs/operations.md "Domain metrics"). Bytes per point is their ratio.
 */
@Injectable()
export class StorageMetrics {
  private readonly logger = new Logger('StorageMetrics');
  private stats: StorageStats | null = null;
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(
    registry: MetricsRegistry,
    private readonly repository: StorageStatsRepository,
  ) {
    const storageGauge = (name: string, help: string, figure: (stats: StorageStats) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers: [registry],
        collect: async () => {
          await this.fresh();
          if (this.stats === null) gauge.remove();
          else gauge.set(figure(this.stats));
        },
      });
    };
    storageGauge(
      'plantlens_database_size_bytes',
      'Size of the database on disk (pg_database_size)',
      (stats) => stats.databaseBytes,
    );
    storageGauge(
      'plantlens_points_stored',
      'Raw points stored, estimated from the live rows of variables.measurement (rollups excluded)',
      (stats) => stats.rawPoints,
    );
  }

  // One read for concurrent scrapes. A failed read (the database away) leaves no sample rather than an old
  // figure, and is retried after the same interval.
  private fresh(): Promise<void> {
    if (this.reading && Date.now() - this.readAt < STORAGE_STATS_MAX_AGE_MS) return this.reading;
    this.readAt = Date.now();
    this.reading = this.repository.read().then(
      (stats) => {
        this.stats = stats;
      },
      (error: unknown) => {
        this.stats = null;
        this.logger.warn(
          `Reading the storage statistics failed: ${error instanceof Error ? error.message : error}`,
        );
      },
    );
    return this.reading;
  }
}
