import { Injectable } from '@nestjs/common';
import type { EmailNotification } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';

export interface EmailDelivery {
  id: string;
  rateKey: string;
  recipients: string[];
  subject: string;
  body: string;
  attempts: number;
}

// rules.email_delivery: one row per notification id, whatever how often it arrives.
@Injectable()
export class EmailDeliveryRepository {
  constructor(private readonly database: Database) {}

  private query<R>(text: string, values: unknown[]): Promise<R[]> {
    return this.database.withConnection((connection) => connection.query<R>(text, values));
  }

  async receive(notification: EmailNotification): Promise<void> {
    await this.query(
      `insert into rules.email_delivery (id, rate_key, recipients, subject, body, status, created_at)
       values ($1, $2, $3, $4, $5, 'pending', $6) on conflict (id) do nothing`,
      [
        notification.id,
        notification.rateKey,
        notification.to,
        notification.subject,
        notification.text,
        new Date(notification.createdAt),
      ],
    );
  }

  /**
   * Takes due deliveries for this instance: their next attempt is moved `leaseMs` ahead, so another
   * instance does not take them while they are being sent.
   */
  claimDue(limit: number, leaseMs: number): Promise<EmailDelivery[]> {
    return this.query<EmailDelivery>(
      `update rules.email_delivery d set attempts = attempts + 1,
         next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       where id in (select id from rules.email_delivery where status = 'pending' and next_attempt_at <= now()
                    order by created_at, id limit $1 for update skip locked)
       returning d.id, d.rate_key as "rateKey", d.recipients, d.subject, d.body, d.attempts`,
      [limit, leaseMs],
    );
  }

  /** E-mails of the rate key sent within the window, and openings held back since its last e-mail. */
  async rateOf(rateKey: string, windowMs: number): Promise<{ sent: number; heldBack: number }> {
    const [row] = await this.query<{ sent: number; held_back: number }>(
      `select
         (select count(*)::int from rules.email_delivery where rate_key = $1 and status = 'sent'
            and sent_at > now() - make_interval(secs => $2::float8 / 1000)) as sent,
         (select count(*)::int from rules.email_delivery where rate_key = $1 and status = 'rate-limited'
            and created_at > coalesce((select max(sent_at) from rules.email_delivery
                                       where rate_key = $1 and status = 'sent'), '-infinity')) as held_back`,
      [rateKey, windowMs],
    );
    return { sent: row?.sent ?? 0, heldBack: row?.held_back ?? 0 };
  }

  async markSent(id: string): Promise<void> {
    await this.query(
      `update rules.email_delivery set status = 'sent', sent_at = now(), last_error = null where id = $1`,
      [id],
    );
  }

  async markRateLimited(id: string): Promise<void> {
    await this.query(`update rules.email_delivery set status = 'rate-limited' where id = $1`, [id]);
  }

  /** A failed attempt: tried again after `retryInMs`, or given up when null. */
  async markFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
    await this.query(
      `update rules.email_delivery set last_error = $2,
         status = case when $3::float8 is null then 'failed' else 'pending' end,
         next_attempt_at = now() + make_interval(secs => coalesce($3::float8, 0) / 1000)
       where id = $1`,
      [id, error.slice(0, 1000), retryInMs],
    );
  }
}
