import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Topics } from '@plantlens/contracts';
import { IngestionService } from './ingestion.service';

@Controller()
export class MeasurementConsumer {
  constructor(private readonly ingestion: IngestionService) {}

  // Resolves only after the rows are committed, so the offset is committed after them (at-least-once).
  @EventPattern(Topics.measurements)
  async onMeasurements(@Payload() batch: unknown): Promise<void> {
    await this.ingestion.ingest(batch);
  }

  // Points of aggregate variables, published by their calculation (possibly in another replica).
  @EventPattern(Topics.derivedMeasurements)
  async onDerivedMeasurements(@Payload() batch: unknown): Promise<void> {
    await this.ingestion.ingest(batch, Date.now(), Topics.derivedMeasurements);
  }
}
