import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { emailNotificationSchema, Topics } from '@plantlens/contracts';
import { EmailSenderService } from './email-sender.service';

@Controller()
export class NotificationConsumer {
  private readonly logger = new Logger('Email');

  constructor(private readonly sender: EmailSenderService) {}

  // Kept in the database before the offset is committed; sending happens from there, with retries.
  @EventPattern(Topics.notifications)
  async onNotification(@Payload() message: unknown): Promise<void> {
    const parsed = emailNotificationSchema.safeParse(message);
    if (!parsed.success) {
      this.logger.warn(`Malformed notification dropped: ${parsed.error.issues[0]?.message}`);
      return;
    }
    await this.sender.receive(parsed.data);
  }
}
