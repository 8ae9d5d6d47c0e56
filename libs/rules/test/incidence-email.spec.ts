// E-mails of openings through `notifications` to a real SMTP server started in the test (smtp-server).
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { Database, EventPublisher, MetricsRegistry } from '@plantlens/platform';
import {
  createRules,
  newRule,
  publishPoints,
  settle,
  startRulesApp,
  type ConfigOverrides,
} from './rules-app';
import { body, header, startSmtp, until } from './smtp-server';

async function deliveries(app: NestFastifyApplication): Promise<{ status: string; attempts: number }[]> {
  return app
    .get(Database)
    .withConnection((connection) =>
      connection.query(`select status, attempts from rules.email_delivery order by created_at, id`),
    );
}

// The e-mail counters of the app's registry.
async function emailCounts(app: NestFastifyApplication): Promise<Record<string, number | undefined>> {
  const registry = app.get(MetricsRegistry);
  const value = async (name: string) => (await registry.getSingleMetric(name)?.get())?.values[0]?.value;
  return {
    sent: await value('plantlens_emails_sent_total'),
    retried: await value('plantlens_emails_retried_total'),
    failed: await value('plantlens_emails_failed_total'),
  };
}

describe('incidence e-mails over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let app: NestFastifyApplication | undefined;

  afterEach(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
    app = undefined;
    smtp = undefined;
  });

  async function start(failFirst: number, overrides: ConfigOverrides = {}) {
    smtp = await startSmtp(failFirst);
    app = await startRulesApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Plantlens <alarms@plant.example>',
      PUBLIC_URL: 'https://plantlens.plant.example',
      NOTIFICATION_RETRY_INITIAL_MS: '50',
      ...overrides,
    });
    return { app, smtp };
  }

  it('sends one well-formed message per opening, retried after a refusal, never twice', async () => {
    const { app, smtp } = await start(1);
    const variableId = 7;
    const [ruleId] = await createRules(app, [
      newRule({
        name: 'Furnace outlet high',
        varOneId: variableId,
        operator: '>',
        constant: 100,
        emails: ['ops@plant.example', 'shift@plant.example'],
        varOneLabel: 'Furnace outlet temperature',
        varOneReference: 'dcu_furnace_outlet_temperature',
        varOneUnit: 'bar',
      }),
    ]);
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 5_000;
    const points = [90, 120.5, 130, 95].map((value, index) => ({ variableId, ts: t0 + index * 1000, value }));
    await publishPoints(app, points);
    await settle(app);
    await until(async () => (await deliveries(app))[0]?.status === 'sent');

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message.from).toBe('alarms@plant.example');
    expect(message.to.sort()).toEqual(['ops@plant.example', 'shift@plant.example']);
    expect(header(message.raw, 'Subject')).toBe('Plantlens incidence: Furnace outlet high');
    expect(header(message.raw, 'Message-ID')).toMatch(/^<incidence-\d+@plantlens>$/);
    const text = body(message.raw);
    expect(text).toContain('Rule: Furnace outlet high\n');
    expect(text).toContain('Condition: Furnace outlet temperature (dcu_furnace_outlet_temperature) > 100\n');
    expect(text).toContain('Value: 120.5 bar\n');
    expect(text).toContain('Threshold: 100 bar\n');
    expect(text).toContain(`Since: ${new Date(t0 + 1000).toISOString()}\n`);
    const link = new URL(/Evolution: (\S+)/.exec(text)?.[1] ?? '');
    expect(link.origin + link.pathname).toBe('https://plantlens.plant.example/explorer-evolution');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      variables: String(variableId),
      startDate: String(t0 + 1000 - 3_600_000),
      endDate: String(t0 + 1000 + 3_600_000),
      origin: 'IncidenceList',
      ruleId: String(ruleId),
    });
    expect(await deliveries(app)).toEqual([{ status: 'sent', attempts: 2 }]);
    expect(await emailCounts(app)).toEqual({ sent: 1, retried: 1, failed: 0 });

    // The same points again (a replay) and the same notification again (a repeated publish).
    await publishPoints(app, points);
    const [delivered] = await app
      .get(Database)
      .withConnection((connection) =>
        connection.query<{ id: string }>(`select id from rules.email_delivery`),
      );
    await app.get(EventPublisher).publish(
      Topics.notifications,
      {
        id: delivered.id,
        rateKey: `rule-${ruleId}`,
        to: ['ops@plant.example'],
        subject: 'x',
        text: 'x',
        createdAt: t0,
      },
      String(ruleId),
    );
    await settle(app);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.received).toHaveLength(1);
    expect(await emailCounts(app)).toEqual({ sent: 1, retried: 1, failed: 0 });
  });

  it('counts an e-mail whose last attempt is refused as failed, not retried', async () => {
    const { app, smtp } = await start(1, { NOTIFICATION_MAX_ATTEMPTS: '1' });
    const variableId = 9;
    await createRules(app, [
      newRule({ varOneId: variableId, operator: '>', constant: 0, emails: ['ops@plant.example'] }),
    ]);
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 5_000;
    await publishPoints(app, [{ variableId, ts: t0, value: 1 }]);
    await settle(app);
    await until(async () => (await deliveries(app))[0]?.status === 'failed');
    expect(smtp.received).toHaveLength(0);
    expect(await emailCounts(app)).toEqual({ sent: 0, retried: 0, failed: 1 });
  });

  it('holds openings beyond the per-rule limit back and counts them in the next e-mail', async () => {
    const { app, smtp } = await start(0, {
      NOTIFICATION_RULE_MAX_EMAILS: '1',
      NOTIFICATION_RULE_WINDOW_SECONDS: '2',
    });
    const variableId = 8;
    await createRules(app, [
      newRule({ varOneId: variableId, operator: '>', constant: 0, emails: ['ops@plant.example'] }),
    ]);
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 5_000;
    // Three openings in a row: one e-mail, two held back.
    const flapping = [1, -1, 1, -1, 1, -1].map((value, index) => ({
      variableId,
      ts: t0 + index * 1000,
      value,
    }));
    await publishPoints(app, flapping);
    await settle(app);
    await until(async () => (await deliveries(app)).filter((d) => d.status !== 'pending').length === 3);
    expect((await deliveries(app)).map((d) => d.status)).toEqual(['sent', 'rate-limited', 'rate-limited']);

    // After the window the next opening is mailed, with the count of those held back.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await publishPoints(app, [{ variableId, ts: t0 + 10_000, value: 5 }]);
    await settle(app);
    await until(() => smtp.received.length === 2);
    expect(body(smtp.received[1].raw)).toContain('2 earlier opening(s) of this rule were not e-mailed');
  });
});
