// Valve failures on `asset-alarms` become incidences of a rule-like source per asset and failure code
// (docs/rules-and-incidences.md "Valve failures as incidences"): PGlite, the in-memory bus and a real SMTP
// server.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AssetAlarmEvent } from '@plantlens/contracts';
import { Database } from '@plantlens/platform';
import { RuleEngineService } from '../src';
import { AssetRepository } from '../src/current-status/asset.repository';
import { IncidenceRepository } from '../src/incidence/incidence.repository';
import { RuleRepository, type RuleRow } from '../src/rule/rule.repository';
import {
  collectIncidences,
  publishAssetAlarms,
  settle,
  startRulesApp,
  storedCounts,
  storedIncidences,
} from './rules-app';
import { body, header, startSmtp, until } from './smtp-server';

const DAY_MS = 86_400_000;
// An hour ago, on a whole second: the e-mail's review link is in epoch seconds.
const T0 = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;

function alarm(fields: Partial<AssetAlarmEvent> & Pick<AssetAlarmEvent, 'eventId'>): AssetAlarmEvent {
  return {
    asset: 'gate01',
    errorCode: 2,
    operation: 'opening',
    beginMs: T0,
    endMs: T0 + 40_000,
    ...fields,
  };
}

async function sources(app: NestFastifyApplication): Promise<RuleRow[]> {
  return (await app.get(RuleRepository).findAll()).sort((a, b) => a.id - b.id);
}

describe('valve failures as incidences', () => {
  let app: NestFastifyApplication | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;

  afterEach(async () => {
    await app?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
    app = undefined;
    smtp = undefined;
  });

  it('opens and closes one incidence per failure on its source, summarised like a rule; a replay adds nothing', async () => {
    app = await startRulesApp();
    const events = collectIncidences(app, 'asset-alarm-events');
    const first = alarm({ eventId: 'gate01-1' });
    await publishAssetAlarms(app, [first]);
    await settle(app);

    const [source] = await sources(app);
    const [gate01] = (await app.get(AssetRepository).list()).filter((asset) => asset.name === 'gate01');
    expect(source).toMatchObject({
      name: 'gate01 · 2 sustained high torque',
      enabled: true,
      emails: [],
      operator: '=',
      constant: 2,
      varOneId: null,
      varTwoId: null,
      assetId: gate01.id,
      source: { asset: 'gate01', errorCode: 2 },
    });
    // Never evaluated against measurements.
    expect(app.get(RuleEngineService).evaluates(source.id)).toBe(false);
    expect(app.get(RuleEngineService).ruleCount).toBe(0);
    expect(await storedIncidences(app)).toEqual([{ ruleId: source.id, openedAt: T0, closedAt: T0 + 40_000 }]);
    expect(events.map((e) => [e.type, e.ruleId, e.ruleName, e.openedAt, e.closedAt, e.variableIds])).toEqual([
      ['opened', source.id, source.name, T0, null, []],
      ['closed', source.id, source.name, T0, T0 + 40_000, []],
    ]);
    const summaries = () => app!.get(IncidenceRepository).summaries({ resolved: false, tags: [] });
    expect(await summaries()).toEqual([
      expect.objectContaining({
        ruleId: source.id,
        ruleName: 'gate01 · 2 sustained high torque',
        assetId: gate01.id,
        firstActivation: T0,
        lastActivation: T0,
        openings: 1,
        status: 'NEW',
        open: false,
      }),
    ]);
    const day = new Date(Math.floor(T0 / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
    expect(await storedCounts(app)).toEqual([{ ruleId: source.id, day, evaluations: 1, activations: 1 }]);

    // The same event again (the valve monitor's at-least-once delivery): nothing new.
    await publishAssetAlarms(app, [first, first]);
    await settle(app);
    expect(await storedIncidences(app)).toHaveLength(1);
    expect(events).toHaveLength(2);
    expect((await summaries())[0].openings).toBe(1);
    expect(await storedCounts(app)).toEqual([{ ruleId: source.id, day, evaluations: 1, activations: 1 }]);

    // A second failure of that valve and code joins the summary; another code has a source of its own.
    await publishAssetAlarms(app, [
      alarm({ eventId: 'gate01-2', operation: 'closure', beginMs: T0 + 600_000, endMs: T0 + 630_000 }),
      alarm({ eventId: 'lift01-1', asset: 'lift01', errorCode: 101, beginMs: T0 + 5_000, endMs: T0 + 9_000 }),
    ]);
    await settle(app);
    const all = await sources(app);
    expect(all.map((row) => row.name).sort()).toEqual([
      'gate01 · 2 sustained high torque',
      'lift01 · 101 low steam pressure',
    ]);
    const bySource = new Map((await summaries()).map((row) => [row.ruleName, row]));
    expect(bySource.get(source.name)).toMatchObject({
      openings: 2,
      firstActivation: T0,
      lastActivation: T0 + 600_000,
    });
    expect(bySource.get('lift01 · 101 low steam pressure')).toMatchObject({ openings: 1 });
    expect(await storedCounts(app)).toContainEqual({
      ruleId: source.id,
      day,
      evaluations: 2,
      activations: 2,
    });

    // A disabled source records nothing.
    await app.get(RuleRepository).update(source.id, { enabled: false }, 'shard-0');
    await publishAssetAlarms(app, [
      alarm({ eventId: 'gate01-3', beginMs: T0 + 900_000, endMs: T0 + 930_000 }),
    ]);
    await settle(app);
    expect((await storedIncidences(app)).filter((row) => row.ruleId === source.id)).toHaveLength(2);
  });

  it("e-mails a source's recipients like a rule's incidence, once however often the event comes", async () => {
    smtp = await startSmtp(0);
    app = await startRulesApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'Plantlens <alarms@plant.example>',
      PUBLIC_URL: 'https://plantlens.plant.example',
    });
    // The first failure makes the source, without recipients: an administrator adds them.
    await publishAssetAlarms(app, [alarm({ eventId: 'gate01-1' })]);
    await settle(app);
    const [source] = await sources(app);
    await app.get(RuleRepository).update(source.id, { emails: ['valves@plant.example'] }, 'shard-0');

    const second = alarm({
      eventId: 'gate01-2',
      operation: 'closure',
      beginMs: T0 + 60_000,
      endMs: T0 + 95_500,
    });
    await publishAssetAlarms(app, [second, second]);
    await settle(app);
    await until(() => smtp!.received.length === 1);

    const [message] = smtp.received;
    expect(message.to).toEqual(['valves@plant.example']);
    expect(header(message.raw, 'Subject')).toBe('Plantlens incidence: gate01 · 2 sustained high torque');
    expect(header(message.raw, 'Message-ID')).toMatch(/^<incidence-\d+@plantlens>$/);
    const text = body(message.raw);
    expect(text).toContain('Rule: gate01 · 2 sustained high torque\n');
    expect(text).toContain('Asset: gate01\n');
    expect(text).toContain('Failure: 2 sustained high torque\n');
    expect(text).toContain('Operation: closure\n');
    expect(text).toContain(`Since: ${new Date(T0 + 60_000).toISOString()}\n`);
    expect(text).toContain(`Until: ${new Date(T0 + 95_500).toISOString()}\n`);
    const link = new URL(/Review: (\S+)/.exec(text)?.[1] ?? '');
    expect(link.origin + link.pathname).toBe('https://plantlens.plant.example/ampo/incidence-review');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      asset: 'gate01',
      beginDate: String((T0 + 60_000) / 1000),
      endDate: String((T0 + 96_000) / 1000),
      error: '2',
    });

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.received).toHaveLength(1);
    const deliveries = await app
      .get(Database)
      .withConnection((connection) =>
        connection.query<{ status: string }>(`select status from rules.email_delivery`),
      );
    expect(deliveries).toEqual([{ status: 'sent' }]);
  });
});
