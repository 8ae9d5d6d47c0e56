import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Topics } from '@plantlens/contracts';
import { ValveMonitorService } from './valve-monitor.service';

@Controller()
export class ValveMonitorConsumer {
  constructor(private readonly monitor: ValveMonitorService) {}

  // Resolves once the message's valve samples and their analysis are committed (then the offset is).
  @EventPattern(Topics.measurements)
  onMeasurements(@Payload() batch: unknown): Promise<void> {
    return this.monitor.onMeasurements(batch);
  }
}
