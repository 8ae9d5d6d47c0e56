import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';

/** Kafka consumer group of a rules-engine instance: one group per shard, so every shard reads every point. */
export function rulesEngineConsumerGroup(config: Pick<PlatformConfig, 'RULES_ENGINE_SHARD'>): string {
  return `rules-engine-${config.RULES_ENGINE_SHARD}`;
}

// Which rules this instance evaluates: those whose id modulo RULES_ENGINE_SHARDS is RULES_ENGINE_SHARD.
// A rule is evaluated whole by one instance, both inputs included, because every instance reads every
// partition of the measurement topics (see docs/rules-and-incidences.md "Rules engine and incidences").
@Injectable()
export class EngineShard {
  readonly shards: number;
  readonly shard: number;
  /** the name its outbox rows carry */
  readonly owner: string;

  constructor(@Inject(PLATFORM_CONFIG) config: PlatformConfig) {
    this.shards = config.RULES_ENGINE_SHARDS;
    this.shard = config.RULES_ENGINE_SHARD;
    this.owner = `shard-${this.shard}`;
  }

  owns(ruleId: number): boolean {
    return ruleId % this.shards === this.shard;
  }
}
