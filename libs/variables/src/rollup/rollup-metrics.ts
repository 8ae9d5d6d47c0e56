import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '@plantlens/platform';
import { Gauge } from 'prom-client';
import { ROLLUP_RESOLUTIONS_S } from './rollup-resolutions';
import { RollupService } from './rollup.service';

/**
 * plantlens_rollup_lag_seconds: how long ago the rollups last held every raw point written, read on
 * scrape (docs/operations.md "Domain metrics"). One maintenance step recomputes every resolution in one
 * transaction, so today all resolutions carry the same value.
 */
@Injectable()
export class RollupMetrics {
  constructor(registry: MetricsRegistry, rollups: RollupService) {
    const lag: Gauge<'resolution'> = new Gauge({
      name: 'plantlens_rollup_lag_seconds',
      help: 'Seconds since the rollups of each resolution last held every raw point written',
      labelNames: ['resolution'],
      registers: [registry],
      // No sample before the first maintenance run completes: an unknown lag is not zero.
      collect: () => {
        const caughtUpAt = rollups.caughtUpAt;
        if (caughtUpAt === null) return;
        const seconds = Math.max(0, (Date.now() - caughtUpAt) / 1000);
        for (const resolution of ROLLUP_RESOLUTIONS_S) lag.set({ resolution: `${resolution}s` }, seconds);
      },
    });
  }
}
