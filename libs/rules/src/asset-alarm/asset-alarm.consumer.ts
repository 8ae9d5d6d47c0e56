import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { assetAlarmEventSchema, Topics } from '@plantlens/contracts';
import { AssetAlarmService } from './asset-alarm.service';

@Controller()
export class AssetAlarmConsumer {
  private readonly logger = new Logger('AssetAlarms');

  constructor(private readonly alarms: AssetAlarmService) {}

  // Resolves (and the offset is committed) once the incidence is durable; a malformed event is dropped.
  @EventPattern(Topics.assetAlarms)
  async onAssetAlarm(@Payload() message: unknown): Promise<void> {
    const parsed = assetAlarmEventSchema.safeParse(message);
    if (!parsed.success || parsed.data.endMs < parsed.data.beginMs) {
      this.logger.warn(
        `Malformed asset alarm dropped: ${parsed.error?.issues[0]?.message ?? 'ends before it begins'}`,
      );
      return;
    }
    await this.alarms.record(parsed.data);
  }
}
