// History import in standalone mode (PGlite + in-memory bus): a file whose rows start five years ago
// loads with the default settings, the explorer reads it at every zoom (raw and each rollup
// resolution) and the retention job keeps it; a plant that sets a raw retention is told which rows it
// skipped and why.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  Topics,
  type CsvUploadResponseDto,
  type TimelineDataDto,
} from '@plantlens/contracts';
import {
  AccessTokenService,
  IN_MEMORY_DATA_DIR,
  InMemoryBroker,
  loadPlatformConfig,
} from '@plantlens/platform';
import request from 'supertest';
import { RetentionService } from '../src';
import { startVariablesService, timeline } from './measurement-pipeline.scenario';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// A UTC midnight five years (and a few days) ago.
const START = Math.floor((Date.now() - (5 * 365 + 5) * DAY) / DAY) * DAY;
const NOW_ROUNDED = Math.floor(Date.now() / DAY) * DAY;

interface Point {
  ts: number;
  value: number;
}

// Two hours of 10-second readings from START, then one reading a week until a week ago: fine zooms see
// the dense part, the whole range sees five years.
function historyPoints(): Point[] {
  const points: Point[] = [];
  for (let ts = START; ts < START + 2 * HOUR; ts += 10_000) {
    points.push({ ts, value: ((ts - START) / 10_000) % 97 });
  }
  for (let ts = START + WEEK; ts < NOW_ROUNDED - WEEK; ts += WEEK) {
    points.push({ ts, value: 1000 + (ts - START) / WEEK });
  }
  return points;
}

const isoUtc = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

async function startApp(settings: Record<string, string>): Promise<{
  app: NestFastifyApplication;
  headers: Record<string, string>;
}> {
  const app = await startVariablesService(
    loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text', ...settings }),
  );
  const token = await app
    .get(AccessTokenService)
    .issue({ id: 1, username: 'root', authorities: [Authorities.superAdmin], sessionVersion: 0 });
  return { app, headers: { [AuthHeaders.authorization]: `Bearer ${token}` } };
}

async function upload(
  app: NestFastifyApplication,
  headers: Record<string, string>,
  file: string,
  query: Record<string, string> = {},
): Promise<CsvUploadResponseDto> {
  const response = await request(app.getHttpServer())
    .post('/api/web/csv-upload')
    .query({ unknownVariables: 'create', ...query })
    .set(headers)
    .set('content-type', 'text/csv')
    .send(file);
  expect(response.status).toBe(200);
  await app.get(InMemoryBroker).drain(Topics.measurements);
  return response.body as CsvUploadResponseDto;
}

describe('history import (standalone: PGlite + in-memory bus)', () => {
  describe('with the default settings (raw points kept forever)', () => {
    let app: NestFastifyApplication;
    let headers: Record<string, string>;
    const points = historyPoints();
    const reference = `history_${process.pid}`;
    let variableId: number;

    beforeAll(async () => {
      ({ app, headers } = await startApp({}));
    });
    afterAll(() => app?.close());

    // Each zoom from the explorer's point of view: the grid used and the extremes of what it draws, which
    // M4 keeps exactly at every resolution.
    async function zoom(
      from: number,
      to: number,
    ): Promise<{ resolutionS: number | null; min: number; max: number }> {
      const body: TimelineDataDto = await timeline(app, [variableId], from, to, 100);
      const series = body.variables[0]!;
      const values = series.data.map(({ value }) => value);
      return { resolutionS: series.resolutionS, min: Math.min(...values), max: Math.max(...values) };
    }

    function expected(from: number, to: number, resolutionS: number | null) {
      const values = points.filter(({ ts }) => ts >= from && ts < to).map(({ value }) => value);
      return { resolutionS, min: Math.min(...values), max: Math.max(...values) };
    }

    const zooms: [string, number, number, number | null][] = [
      ['10 minutes (raw points)', START, START + 10 * 60_000, null],
      ['30 minutes (10 s rollups)', START, START + HOUR / 2, 10],
      ['1 hour (30 s rollups)', START, START + HOUR, 30],
      ['2 hours (1 min rollups)', START, START + 2 * HOUR, 60],
      ['1 day (10 min rollups)', START, START + DAY, 600],
      ['5 days (1 h rollups)', START, START + 5 * DAY, 3600],
      ['30 days (4 h rollups)', START, START + 30 * DAY, 14_400],
      ['5 years (1 day rollups)', START, NOW_ROUNDED, 86_400],
    ];

    it('loads a file five years old with the default options', async () => {
      const file = [`datetime,${reference}`, ...points.map(({ ts, value }) => `${isoUtc(ts)},${value}`)].join(
        '\n',
      );
      const summary = await upload(app, headers, file);
      expect(summary).toMatchObject({
        rows: points.length,
        points: points.length,
        pointsPublished: points.length,
        firstTs: START,
        lastTs: points.at(-1)!.ts,
        variablesCreated: [reference],
        warnings: [],
        errorCount: 0,
      });
      variableId = summary.columns[0]!.variableId!;
    });

    it.each(zooms)('is explored at %s', async (_zoom, from, to, resolutionS) => {
      expect(await zoom(from, to)).toEqual(expected(from, to, resolutionS));
    });

    it('is still there after the retention job runs', async () => {
      await app.get(RetentionService).purge();
      for (const [, from, to, resolutionS] of zooms) {
        expect(await zoom(from, to)).toEqual(expected(from, to, resolutionS));
      }
    });
  });

  describe('with a raw retention and a plant time zone set', () => {
    let app: NestFastifyApplication;
    let headers: Record<string, string>;

    beforeAll(async () => {
      ({ app, headers } = await startApp({ RAW_RETENTION_DAYS: '400', PLANT_TIME_ZONE: 'Asia/Kolkata' }));
    });
    afterAll(() => app?.close());

    it('skips the rows older than it and says which setting keeps history', async () => {
      const recent = NOW_ROUNDED - 10 * DAY;
      const file = [
        `datetime;retained_${process.pid}`,
        `${isoUtc(START)}Z;1`,
        `${isoUtc(START + DAY)}Z;2`,
        `${isoUtc(recent)}Z;3`,
      ].join('\n');
      const summary = await upload(app, headers, file);
      const horizon = Math.floor((Date.now() - 400 * DAY) / DAY) * DAY;
      expect(summary).toMatchObject({
        rows: 3,
        points: 1,
        firstTs: recent,
        errorCount: 2,
        errorsByReason: { 'time-before-retention': 2 },
      });
      expect(summary.warnings).toEqual([
        {
          code: 'rows-before-retention',
          message:
            `2 rows are older than the raw data the plant keeps (RAW_RETENTION_DAYS=400, before ` +
            `${new Date(horizon).toISOString()}) and were skipped: RAW_RETENTION_DAYS=0 keeps history forever.`,
        },
      ]);
    });

    it('reads times without a zone in PLANT_TIME_ZONE unless the upload names another', async () => {
      const local = NOW_ROUNDED - 5 * DAY + 12 * HOUR;
      const file = `datetime;zoned_${process.pid}\n${isoUtc(local)};1\n`;
      const plantZone = await upload(app, headers, file);
      // India is 5:30 ahead of UTC all year.
      expect(plantZone).toMatchObject({ format: { timeZone: 'Asia/Kolkata' }, firstTs: local - 5.5 * HOUR });
      const named = await upload(app, headers, file, { timeZone: 'UTC' });
      expect(named).toMatchObject({ format: { timeZone: 'UTC' }, firstTs: local });
    });
  });
});
