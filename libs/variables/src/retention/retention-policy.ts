import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { DAY_MS } from '../rollup/rollup-resolutions';

// Where the kept history begins. Horizons fall on UTC midnights so that retention removes whole days:
// every rollup bucket (up to 1 day) then lies either entirely before the raw horizon or entirely after it,
// and the rollups after it always equal a recomputation from the raw points.
@Injectable()
export class RetentionPolicy {
  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {}

  /** Earliest instant (epoch ms) whose raw points are kept; 0 when they are kept forever. */
  rawHorizonMs(now = Date.now()): number {
    return horizon(this.config.RAW_RETENTION_DAYS, now);
  }

  /** Earliest instant whose rollups are kept; 0 when they are kept forever. */
  rollupHorizonMs(now = Date.now()): number {
    return horizon(this.config.ROLLUP_RETENTION_DAYS, now);
  }
}

function horizon(days: number, now: number): number {
  if (days === 0) return 0;
  return Math.max(0, Math.floor((now - days * DAY_MS) / DAY_MS) * DAY_MS);
}
