import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ruleCatalogEventSchema, Topics } from '@plantlens/contracts';
import { RuleEngineService } from './rule-engine.service';

@Controller()
export class EngineConsumer {
  constructor(private readonly engine: RuleEngineService) {}

  // Raw and calculated variables alike feed the rules; each resolves once its effects are durable.
  @EventPattern(Topics.measurements)
  onMeasurements(@Payload() batch: unknown): Promise<void> {
    return this.engine.onMeasurements(batch);
  }

  @EventPattern(Topics.derivedMeasurements)
  onDerivedMeasurements(@Payload() batch: unknown): Promise<void> {
    return this.engine.onMeasurements(batch);
  }

  // Other catalog events (variables, permissions) are not the engine's.
  @EventPattern(Topics.catalog)
  async onCatalog(@Payload() event: unknown): Promise<void> {
    const parsed = ruleCatalogEventSchema.safeParse(event);
    if (parsed.success) await this.engine.onRuleChanged(parsed.data);
  }
}
