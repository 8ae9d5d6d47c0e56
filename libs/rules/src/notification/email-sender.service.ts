import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EmailNotification } from '@plantlens/contracts';
import { MetricsRegistry, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { Counter } from 'prom-client';
import { EmailDeliveryRepository, type EmailDelivery } from './email-delivery.repository';
import { emailRetryDelayMs } from './email-retry';

const POLL_MS = 1_000;
// One SMTP exchange is bounded by these; an e-mail is claimed for a little longer than that, one at a time,
// so the e-mail of an instance that died (SIGKILL) after claiming it is sent by the next round within a
// minute, and a slow but live sender is never overtaken by another instance.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
const CLAIM_LIMIT = 1;
const CLAIM_LEASE_MS = CONNECTION_TIMEOUT_MS + GREETING_TIMEOUT_MS + SOCKET_TIMEOUT_MS + 10_000;

// Delivers the e-mails received on `notifications` over SMTP (nodemailer), from rules.email_delivery:
// - once per notification id: a repeated message finds its row; a claimed row is sent by one instance;
// - retried after a failure (SMTP down, 4xx/5xx answer) with a doubling delay, up to NOTIFICATION_MAX_ATTEMPTS;
// - at most NOTIFICATION_RULE_MAX_EMAILS per rule within the window; openings beyond are kept as
//   rate-limited and counted in the rule's next e-mail.
// The one window for a second copy: a crash after the server accepted the message and before the row
// says so. That copy carries the same Message-ID, which mail clients fold into one.
@Injectable()
export class EmailSenderService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Email');
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  // Every failed attempt is either retried or, when no attempt is left, failed (given up).
  private readonly sent: Counter;
  private readonly failed: Counter;
  private readonly retried: Counter;

  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    private readonly deliveries: EmailDeliveryRepository,
    registry: MetricsRegistry,
  ) {
    this.sent = new Counter({
      name: 'plantlens_emails_sent_total',
      help: 'E-mails accepted by the SMTP server',
      registers: [registry],
    });
    this.failed = new Counter({
      name: 'plantlens_emails_failed_total',
      help: 'E-mails given up: their last attempt failed, or SMTP is not configured',
      registers: [registry],
    });
    this.retried = new Counter({
      name: 'plantlens_emails_retried_total',
      help: 'Failed e-mail attempts that will be tried again',
      registers: [registry],
    });
    this.transport = config.SMTP_HOST
      ? createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } : undefined,
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          greetingTimeout: GREETING_TIMEOUT_MS,
          socketTimeout: SOCKET_TIMEOUT_MS,
        })
      : undefined;
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  async receive(notification: EmailNotification): Promise<void> {
    await this.deliveries.receive(notification);
    this.sendSoon();
  }

  /** Sends what is due now, or right after the round under way. */
  sendSoon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue()
      .catch((error: unknown) =>
        this.logger.warn(`E-mail round failed: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.sendSoon();
        }
      });
  }

  private schedule(): void {
    if (this.stopped) return;
    this.sendSoon();
    this.timer = setTimeout(() => this.schedule(), POLL_MS);
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const due = await this.deliveries.claimDue(CLAIM_LIMIT, CLAIM_LEASE_MS);
      for (const delivery of due) await this.deliver(delivery);
      if (due.length < CLAIM_LIMIT) return;
    }
  }

  private async deliver(delivery: EmailDelivery): Promise<void> {
    const windowMs = this.config.NOTIFICATION_RULE_WINDOW_SECONDS * 1000;
    const { sent, heldBack } = await this.deliveries.rateOf(delivery.rateKey, windowMs);
    if (sent >= this.config.NOTIFICATION_RULE_MAX_EMAILS) {
      await this.deliveries.markRateLimited(delivery.id);
      return;
    }
    if (!this.transport) {
      await this.deliveries.markFailed(delivery.id, 'SMTP_HOST is not configured', null);
      this.failed.inc();
      this.logger.warn(`E-mail ${delivery.id} not sent: SMTP_HOST is not configured`);
      return;
    }
    const note =
      heldBack > 0
        ? `\n${heldBack} earlier opening(s) of this rule were not e-mailed: at most ${this.config.NOTIFICATION_RULE_MAX_EMAILS} e-mails per ${this.config.NOTIFICATION_RULE_WINDOW_SECONDS} s.\n`
        : '';
    try {
      await this.transport.sendMail({
        from: this.config.SMTP_FROM,
        to: delivery.recipients,
        subject: delivery.subject,
        text: delivery.body + note,
        messageId: `<${delivery.id}@plantlens>`,
      });
      await this.deliveries.markSent(delivery.id);
      this.sent.inc();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = emailRetryDelayMs(delivery.attempts, this.config);
      await this.deliveries.markFailed(delivery.id, reason, delay);
      (delay === null ? this.failed : this.retried).inc();
      // Recipients stay out of the log.
      this.logger.warn(
        `E-mail ${delivery.id} attempt ${delivery.attempts} failed (${reason}); ${delay === null ? 'giving up' : `retry in ${delay} ms`}`,
      );
    }
  }
}
