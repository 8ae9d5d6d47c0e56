// The CSV uploader end to end in standalone mode: HTTP upload → `measurements` on the in-memory bus →
// the writer → PGlite, read back through timeline-data.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  AuthHeaders,
  Authorities,
  Topics,
  type CsvUploadResponseDto,
  type VariableMinimalDto,
} from '@plantlens/contracts';
import {
  AccessTokenService,
  Database,
  IN_MEMORY_DATA_DIR,
  InMemoryBroker,
  loadPlatformConfig,
} from '@plantlens/platform';
import { sql } from 'kysely';
import request from 'supertest';
import {
  declareVariables,
  explorerHeaders,
  startVariablesService,
  timeline,
} from './measurement-pipeline.scenario';

const DAY = 86_400_000;
// A recent UTC midnight: inside whatever raw retention a plant sets.
const T0 = Math.floor(Date.now() / DAY) * DAY - 30 * DAY;
const iso = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

describe('CSV uploader (standalone: PGlite + in-memory bus)', () => {
  let app: NestFastifyApplication;
  let superAdmin: Record<string, string>;
  let unique = 0;
  // Client references of this test only: letters, digits and "_" are valid ones.
  const ref = (name: string) => `csv${process.pid}_${unique}_${name}`;

  beforeAll(async () => {
    app = await startVariablesService(
      loadPlatformConfig({ DATA_DIR: IN_MEMORY_DATA_DIR, LOG_LEVEL: 'error', LOG_FORMAT: 'text' }),
    );
    const token = await app
      .get(AccessTokenService)
      .issue({ id: 1, username: 'root', authorities: [Authorities.superAdmin], sessionVersion: 0 });
    superAdmin = { [AuthHeaders.authorization]: `Bearer ${token}` };
  });
  afterAll(() => app?.close());
  beforeEach(() => {
    unique += 1;
  });

  function upload(file: string | Buffer, query: Record<string, string> = {}, contentType = 'text/csv') {
    return request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .query(query)
      .set(superAdmin)
      .set('content-type', contentType)
      .send(file);
  }

  async function uploadOk(file: string | Buffer, query: Record<string, string> = {}) {
    const response = await upload(file, query);
    expect(response.status).toBe(200);
    return response.body as CsvUploadResponseDto;
  }

  // The stored points of a variable in the hour from T0 (raw points at this width), once the writer has
  // handled everything published so far.
  async function stored(reference: string): Promise<[number, number][]> {
    await app.get(InMemoryBroker).drain(Topics.measurements);
    const variables = await request(app.getHttpServer())
      .get('/api/web/explorer/variables')
      .set(await explorerHeaders(app))
      .expect(200);
    const variable = (variables.body as VariableMinimalDto[]).find((v) => v.clientReference === reference);
    if (!variable) throw new Error(`no variable ${reference}`);
    const body = await timeline(app, [variable.id], T0, T0 + 3_600_000, 10_000);
    return body.variables[0]!.data.map(({ timestamp, value }) => [timestamp * 1000 - T0, value]);
  }

  it('stores a ";" file with decimal commas, a byte order mark and CRLF lines, read by datetime', async () => {
    await declareVariables(app, [ref('pressure'), ref('flow')]);
    const file = [
      `\uFEFFdatetime;${ref('pressure')};${ref('flow')}`,
      `${iso(T0)};1,5;-2,25`,
      `${iso(T0 + 1000)};;3`,
      `${iso(T0 + 2000)};2;4,5e1`,
      '',
    ].join('\r\n');

    const summary = await uploadOk(Buffer.from(file, 'utf8'));

    expect(summary).toEqual({
      dryRun: false,
      format: {
        fieldSeparator: ';',
        decimalSeparator: ',',
        decimalSeparatorFrom: 'data',
        timeColumn: 1,
        timeHeader: 'datetime',
        timeFormat: 'iso',
        timeZone: 'UTC',
      },
      rows: 3,
      pointsPublished: 5,
      points: 5,
      firstTs: T0,
      lastTs: T0 + 2000,
      columns: [
        {
          column: 2,
          clientReference: ref('pressure'),
          variableId: expect.any(Number),
          status: 'known',
          points: 2,
          firstTs: T0,
          lastTs: T0 + 2000,
        },
        {
          column: 3,
          clientReference: ref('flow'),
          variableId: expect.any(Number),
          status: 'known',
          points: 3,
          firstTs: T0,
          lastTs: T0 + 2000,
        },
      ],
      variablesCreated: [],
      unknownVariables: [],
      repeatedPoints: 0,
      warnings: [],
      errors: [],
      errorCount: 0,
      errorsByReason: {},
      truncated: false,
    });
    expect(await stored(ref('pressure'))).toEqual([
      [0, 1.5],
      [2000, 2],
    ]);
    expect(await stored(ref('flow'))).toEqual([
      [0, -2.25],
      [1000, 3],
      [2000, 45],
    ]);
  });

  it('stores a "," file with decimal points and epoch timestamps in seconds or milliseconds', async () => {
    await declareVariables(app, [ref('level')]);
    const file = `timestamp,${ref('level')}\n${T0 / 1000},0.5\n${T0 + 1000},1.5\n"${T0 / 1000 + 2}","2.5"\n`;
    const summary = await uploadOk(file);
    expect(summary.pointsPublished).toBe(3);
    // Epoch times carry no zone.
    expect(summary.format).toMatchObject({
      timeFormat: 'epoch-seconds',
      timeZone: null,
      decimalSeparator: '.',
    });
    expect(await stored(ref('level'))).toEqual([
      [0, 0.5],
      [1000, 1.5],
      [2000, 2.5],
    ]);
  });

  it('takes the decimal separator chosen by the user over the automatic one', async () => {
    await declareVariables(app, [ref('speed')]);
    const pointFile = `timestamp;${ref('speed')}\n${T0};1.25\n`;
    expect((await uploadOk(pointFile, { decimalSeparator: '.' })).pointsPublished).toBe(1);
    const commaFile = `timestamp,${ref('speed')}\n${T0 + 1000},"2,5"\n`;
    expect((await uploadOk(commaFile, { decimalSeparator: ',' })).pointsPublished).toBe(1);
    expect(await stored(ref('speed'))).toEqual([
      [0, 1.25],
      [1000, 2.5],
    ]);
  });

  it('reads the explorer download layout, whose second column repeats the time as datetime', async () => {
    await declareVariables(app, [ref('torque')]);
    const file = `timestamp;datetime;${ref('torque')}\n${T0 / 1000};${iso(T0)};7\n`;
    const summary = await uploadOk(file);
    expect(summary).toMatchObject({ rows: 1, pointsPublished: 1, errorCount: 0 });
    expect(summary.columns.map(({ clientReference }) => clientReference)).toEqual([ref('torque')]);
    expect(await stored(ref('torque'))).toEqual([[0, 7]]);
  });

  it('creates the unknown variables when asked to, and stores their points', async () => {
    const file = `datetime,${ref('new_a')},${ref('new_b')}\n${iso(T0)},1,2\n`;
    const summary = await uploadOk(file, { unknownVariables: 'create' });
    expect(summary.variablesCreated).toEqual([ref('new_a'), ref('new_b')]);
    expect(summary.unknownVariables).toEqual([]);
    expect(summary.pointsPublished).toBe(2);
    expect(await stored(ref('new_b'))).toEqual([[0, 2]]);
  });

  it('reports the unknown variables when asked to, and skips their columns only', async () => {
    await declareVariables(app, [ref('known')]);
    const file = `datetime;${ref('ghost')};${ref('known')}\n${iso(T0)};1;2\n`;
    const summary = await uploadOk(file, { unknownVariables: 'report' });
    expect(summary).toMatchObject({
      variablesCreated: [],
      unknownVariables: [ref('ghost')],
      pointsPublished: 1,
      errorCount: 0,
    });
    expect(await stored(ref('known'))).toEqual([[0, 2]]);
    const variables = await request(app.getHttpServer())
      .get('/api/web/explorer/variables')
      .set(await explorerHeaders(app));
    expect(variables.body.map((v: VariableMinimalDto) => v.clientReference)).not.toContain(ref('ghost'));
  });

  it('reports each bad row and cell by line, column and reason, and stores every good cell', async () => {
    await declareVariables(app, [ref('a'), ref('b')]);
    const future = iso(Date.now() + 3 * DAY);
    const lines = [
      `datetime;${ref('a')};${ref('b')};;${ref('a')}`,
      `${iso(T0)};1;2;;`, // line 2: good
      `${iso(T0 + 1000)};x;3;;`, // line 3: a is text, b is kept
      `${iso(T0 + 2000)};NaN;Infinity;;`, // line 4: both not finite
      `2026-13-01 00:00:00;1;1;;`, // line 5: no such month
      `${future};1;1;;`, // line 6: future
      `1969-12-31 23:00:00;1;1;;`, // line 7: before 1970
      `${iso(T0 + 3000)};1;1`, // line 8: too few cells
      '', // line 9: blank, not a row
      `${iso(T0 + 4000)};"4;1;;`, // line 10: open quote
      `${iso(T0 + 5000)};5;1.5;;`, // line 11: decimal point in a decimal-comma file
      `${iso(T0 + 6000)};2,5;0,5;;`, // line 12: good
    ];
    const summary = await uploadOk(lines.join('\n'));

    expect(summary.errors).toEqual([
      { line: 1, column: 4, header: '', reason: 'invalid-reference', value: '' },
      { line: 1, column: 5, header: ref('a'), reason: 'duplicate-column', value: ref('a') },
      { line: 3, column: 2, header: ref('a'), reason: 'invalid-number', value: 'x' },
      { line: 4, column: 2, header: ref('a'), reason: 'not-finite', value: 'NaN' },
      { line: 4, column: 3, header: ref('b'), reason: 'not-finite', value: 'Infinity' },
      { line: 5, column: 1, header: 'datetime', reason: 'invalid-time', value: '2026-13-01 00:00:00' },
      { line: 6, column: 1, header: 'datetime', reason: 'time-in-future', value: future },
      { line: 7, column: 1, header: 'datetime', reason: 'time-before-1970', value: '1969-12-31 23:00:00' },
      { line: 8, column: null, header: null, reason: 'column-count', value: null },
      { line: 10, column: null, header: null, reason: 'unterminated-quote', value: null },
      { line: 11, column: 3, header: ref('b'), reason: 'invalid-number', value: '1.5' },
    ]);
    expect(summary).toMatchObject({
      format: { decimalSeparator: ',', decimalSeparatorFrom: 'data' },
      rows: 10,
      pointsPublished: 6,
      points: 6,
      errorCount: 11,
      errorsByReason: {
        'invalid-reference': 1,
        'duplicate-column': 1,
        'invalid-number': 2,
        'not-finite': 2,
        'invalid-time': 1,
        'time-in-future': 1,
        'time-before-1970': 1,
        'column-count': 1,
        'unterminated-quote': 1,
      },
      warnings: [],
      truncated: false,
    });
    expect(await stored(ref('a'))).toEqual([
      [0, 1],
      [5000, 5],
      [6000, 2.5],
    ]);
    expect(await stored(ref('b'))).toEqual([
      [0, 2],
      [1000, 3],
      [6000, 0.5],
    ]);
  });

  it('reads a file none of whose columns is a variable, reporting its header and its bad times', async () => {
    const summary = await uploadOk(`datetime;\u0007bell\n${iso(T0)};1\nnever;2\n`);
    expect(summary).toMatchObject({ rows: 2, pointsPublished: 0, errorCount: 2 });
    expect(summary.warnings.map(({ code }) => code)).toEqual(['no-points']);
    expect(summary.errors.map(({ line, reason }) => [line, reason])).toEqual([
      [1, 'invalid-reference'],
      [3, 'invalid-time'],
    ]);
  });

  it('lists the first 1 000 errors and counts them all', async () => {
    await declareVariables(app, [ref('noisy')]);
    const rows = Array.from({ length: 1_500 }, (_, index) => `${iso(T0 + index * 1000)};oops`);
    const summary = await uploadOk([`datetime;${ref('noisy')}`, ...rows].join('\n'));
    expect(summary).toMatchObject({ rows: 1_500, pointsPublished: 0, errorCount: 1_500, truncated: true });
    expect(summary.errors).toHaveLength(1_000);
    expect(summary.errors.at(-1)).toMatchObject({ line: 1_001, reason: 'invalid-number' });
  });

  it('refuses a file without a time column, an empty file, a JSON body and bad options with a message', async () => {
    const noTime = await upload(`when;${ref('x')}\n1;2\n`);
    expect(noTime.status).toBe(400);
    expect(noTime.body.message).toMatch(/^No column of the first rows reads as times/);
    const openQuote = await upload(`timestamp;"${ref('x')}\n1;2\n`);
    expect(openQuote.status).toBe(400);
    expect(openQuote.body.message).toBe('The header has a quote that is never closed');
    const empty = await upload('', {}, 'application/octet-stream');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty: the first line must be the header');
    const json = await upload(JSON.stringify({ csv: 'timestamp;x' }), {}, 'application/json');
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(
      /^Send the CSV file as the request body with Content-Type text\/csv .* or as the file part of a multipart\/form-data form$/,
    );
    const badOption = await upload('timestamp;x\n', { unknownVariables: 'ignore', decimalSeparator: ';' });
    expect(badOption.status).toBe(400);
    expect(badOption.body.message).toBe(
      'unknownVariables: must be "create" or "report"; decimalSeparator: must be "auto", "." or ","',
    );
    const headerOnly = await upload(`timestamp;${ref('x')}\n\n`);
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.message).toBe('The file has a header and no rows');
    const badZone = await upload('timestamp;x\n', { timeZone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toBe('timeZone: must be an IANA time zone such as Europe/Madrid or UTC');
  });

  it('refuses a declared size beyond the limit before reading the body', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .set(superAdmin)
      .set('content-type', 'text/csv')
      .set('content-length', String(3 * 1024 ** 3))
      .send('timestamp;x\n');
    expect(response.status).toBe(413);
  });

  // The stored points of one variable in [from, to), as [ms, value].
  async function storedBetween(variableId: number, from: number, to: number): Promise<[number, number][]> {
    await app.get(InMemoryBroker).drain(Topics.measurements);
    const body = await timeline(app, [variableId], from, to, 10_000);
    return body.variables[0]!.data.map(({ timestamp, value }) => [timestamp * 1000, value]);
  }

  async function counts(): Promise<{ variables: number; points: number }> {
    await app.get(InMemoryBroker).drain(Topics.measurements);
    const { kysely } = app.get(Database);
    const row = await sql<{ variables: number; points: number }>`
      select (select count(*)::int from variables.variable) as variables,
             (select count(*)::int from variables.measurement) as points`.execute(kysely);
    return row.rows[0]!;
  }

  const columnId = (summary: CsvUploadResponseDto, reference: string) =>
    summary.columns.find((column) => column.clientReference === reference)?.variableId as number;

  describe('files as plants export them, with the default options', () => {
    it('"timestamp,value" with datetime strings: says to create the variable, then loads with create', async () => {
      const file =
        'timestamp,value\n2013-12-02 21:15:00,1.5\n2013-12-02 21:20:00,2\n2013-12-02 21:25:00,-0.5\n';
      const reported = await uploadOk(file);
      expect(reported).toMatchObject({
        format: {
          fieldSeparator: ',',
          timeColumn: 1,
          timeHeader: 'timestamp',
          timeFormat: 'iso',
          timeZone: 'UTC',
        },
        rows: 3,
        points: 0,
        pointsPublished: 0,
        unknownVariables: ['value'],
        columns: [{ column: 2, clientReference: 'value', variableId: null, status: 'unknown', points: 0 }],
        errorCount: 0,
      });
      expect(reported.warnings).toEqual([
        {
          code: 'only-unknown-columns',
          message:
            'None of the 1 columns names a variable of the plant, so nothing was read: upload with unknownVariables=create to declare them.',
        },
      ]);

      const created = await uploadOk(file, { unknownVariables: 'create' });
      const first = Date.UTC(2013, 11, 2, 21, 15);
      expect(created).toMatchObject({
        rows: 3,
        points: 3,
        pointsPublished: 3,
        firstTs: first,
        lastTs: first + 600_000,
        variablesCreated: ['value'],
        warnings: [],
        errorCount: 0,
      });
      expect(await storedBetween(columnId(created, 'value'), first, first + 3_600_000)).toEqual([
        [first, 1.5],
        [first + 300_000, 2],
        [first + 600_000, -0.5],
      ]);
    });

    it('";" with point decimals and names with spaces, brackets and units, kept as written', async () => {
      const flow = `Volume Flow RateRMS ${unique}`;
      const temperature = `Temp [°C] (${unique})`;
      const file = `Fecha; ${flow} ;${temperature}\n${iso(T0)};0.0265878;21.5\n${iso(T0 + 1000)};0.0301;22\n`;
      const summary = await uploadOk(file, { unknownVariables: 'create' });
      expect(summary).toMatchObject({
        format: {
          fieldSeparator: ';',
          decimalSeparator: '.',
          decimalSeparatorFrom: 'data',
          timeHeader: 'Fecha',
        },
        points: 4,
        variablesCreated: [flow, temperature],
        errorCount: 0,
      });
      expect(await storedBetween(columnId(summary, flow), T0, T0 + 3_600_000)).toEqual([
        [T0, 0.0265878],
        [T0 + 1000, 0.0301],
      ]);
    });

    it('finds the time column by content anywhere, in a tab file, epoch milliseconds (whole numbers: decimal comma)', async () => {
      await declareVariables(app, [ref('tab')]);
      const file = `${ref('tab')}\tmoment\n1\t${T0}\n2\t${T0 + 1000}\n`;
      const summary = await uploadOk(file);
      expect(summary.format).toEqual({
        fieldSeparator: '\t',
        decimalSeparator: ',',
        decimalSeparatorFrom: 'data',
        timeColumn: 2,
        timeHeader: 'moment',
        timeFormat: 'epoch-milliseconds',
        timeZone: null,
      });
      expect(await stored(ref('tab'))).toEqual([
        [0, 1],
        [1000, 2],
      ]);
    });

    it('reads month-first dates with AM/PM, and warns when day and month read either way', async () => {
      await declareVariables(app, [ref('us'), ref('eu')]);
      const us = await uploadOk(`Date,${ref('us')}\n1/31/2025 2:00 PM,1\n1/31/2025 13:00,2\n`);
      expect(us).toMatchObject({
        format: { timeFormat: 'month-first' },
        firstTs: Date.UTC(2025, 0, 31, 13),
        lastTs: Date.UTC(2025, 0, 31, 14),
        warnings: [],
      });
      const y = 2025;
      // Two days whose day and month are both at most 12: day first, with the warning.
      const ambiguous = await uploadOk(`Date;${ref('eu')}\n03/04/${y} 00:00;1\n05/06/${y} 00:00;2\n`);
      expect(ambiguous.format.timeFormat).toBe('day-first');
      expect(ambiguous.firstTs).toBe(Date.UTC(y, 3, 3));
      expect(ambiguous.warnings.map(({ code }) => code)).toEqual(['ambiguous-day-month']);
    });
  });

  it('reads times without a zone in the zone the upload names, daylight-saving aware', async () => {
    await declareVariables(app, [ref('local')]);
    // 29 March 2026 skips 02:00–03:00 in Madrid; 25 October repeats 02:00–03:00 (an hourly local export).
    const lines = [
      `datetime;${ref('local')}`,
      '2026-03-29 01:00:00;1',
      '2026-03-29 02:30:00;2',
      '2026-03-29 03:00:00;3',
      '2026-10-25 01:00:00;4',
      '2026-10-25 02:00:00;5',
      '2026-10-25 02:00:00;6',
      '2026-10-25 03:00:00;7',
    ];
    const summary = await uploadOk(lines.join('\n'), { timeZone: 'Europe/Madrid' });
    expect(summary).toMatchObject({
      format: { timeZone: 'Europe/Madrid' },
      points: 6,
      repeatedPoints: 0,
      errors: [
        { line: 3, column: 1, header: 'datetime', reason: 'time-in-dst-gap', value: '2026-03-29 02:30:00' },
      ],
    });
    const id = columnId(summary, ref('local'));
    const hour = 3_600_000;
    expect(await storedBetween(id, Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 30))).toEqual([
      [Date.UTC(2026, 2, 29, 0), 1],
      [Date.UTC(2026, 2, 29, 1), 3],
    ]);
    const october = Date.UTC(2026, 9, 24, 23);
    expect(await storedBetween(id, Date.UTC(2026, 9, 24), Date.UTC(2026, 9, 26))).toEqual([
      [october, 4],
      [october + hour, 5],
      [october + 2 * hour, 6],
      [october + 3 * hour, 7],
    ]);
  });

  it('a dry run reads the whole file and declares and stores nothing', async () => {
    await declareVariables(app, [ref('dry_known')]);
    const file = [
      `datetime;${ref('dry_known')};${ref('dry_new')};${ref('dry_empty')}`,
      `${iso(T0)};1;2;x`,
      `${iso(T0 + 1000)};3;;`,
      `nonsense;4;5;6`,
    ].join('\n');
    const before = await counts();
    const summary = await uploadOk(file, { dryRun: 'true', unknownVariables: 'create' });
    expect(await counts()).toEqual(before);
    expect(summary).toMatchObject({
      dryRun: true,
      rows: 3,
      points: 3,
      pointsPublished: 0,
      firstTs: T0,
      lastTs: T0 + 1000,
      variablesCreated: [],
      errorsByReason: { 'invalid-number': 1, 'invalid-time': 1 },
    });
    expect(summary.columns).toEqual([
      {
        column: 2,
        clientReference: ref('dry_known'),
        variableId: expect.any(Number),
        status: 'known',
        points: 2,
        firstTs: T0,
        lastTs: T0 + 1000,
      },
      {
        column: 3,
        clientReference: ref('dry_new'),
        variableId: null,
        status: 'would-create',
        points: 1,
        firstTs: T0,
        lastTs: T0,
      },
      {
        column: 4,
        clientReference: ref('dry_empty'),
        variableId: null,
        status: 'unknown',
        points: 0,
        firstTs: null,
        lastTs: null,
      },
    ]);
  });

  it('declares only the variables with at least one good point', async () => {
    const file = `datetime;${ref('good')};${ref('all_bad')}\n${iso(T0)};1;x\n${iso(T0 + 1000)};2;y\n`;
    const before = await counts();
    const summary = await uploadOk(file, { unknownVariables: 'create' });
    expect(summary.variablesCreated).toEqual([ref('good')]);
    expect(summary.columns.map(({ status }) => status)).toEqual(['created', 'unknown']);
    expect(await counts()).toEqual({ variables: before.variables + 1, points: before.points + 2 });
  });

  it('counts rows repeating an earlier time and keeps the later value, across batches', async () => {
    await declareVariables(app, [ref('repeat')]);
    // More points than one batch (5 000), then the first instant again.
    const rows = Array.from({ length: 6_000 }, (_, index) => `${T0 + index * 100},${index}`);
    const summary = await uploadOk([`timestamp,${ref('repeat')}`, ...rows, `${T0},-1`].join('\n'));
    expect(summary).toMatchObject({ rows: 6_001, points: 6_001, repeatedPoints: 1 });
    expect(summary.warnings).toEqual([
      {
        code: 'repeated-times',
        message: "1 rows (1 points) repeat the time of an earlier row: the later row's values were kept.",
      },
    ]);
    expect((await storedBetween(columnId(summary, ref('repeat')), T0, T0 + 1000))[0]).toEqual([T0, -1]);
  });

  it('takes the first file part of a multipart/form-data upload', async () => {
    await declareVariables(app, [ref('form')]);
    const file = `timestamp;${ref('form')}\n${T0};4\n`;
    const response = await request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .set(superAdmin)
      .field('note', 'ignored')
      .attach('file', Buffer.from(file), { filename: 'data.csv', contentType: 'text/csv' })
      .attach('other', Buffer.from('timestamp;x\n1;1\n'), 'other.csv');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ rows: 1, pointsPublished: 1 });
    expect(await stored(ref('form'))).toEqual([[0, 4]]);

    const noFile = await request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .set(superAdmin)
      .field('note', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe(
      'The form holds no file: send the CSV file as a file part (curl -F file=@data.csv)',
    );
  });

  it('loads what the explorer downloads: quoted headers holding the separator or a quote', async () => {
    const names = [`Flow; m3/h ${unique}`, `Say "hi" ${unique}`];
    const quoted = names.map((name) => `"${name.replaceAll('"', '""')}"`);
    // As apps/web/src/features/explorer/csv.ts writes it: BOM, ";", timestamp and datetime, CRLF.
    const file = `\uFEFFtimestamp;datetime;${quoted.join(';')}\r\n${T0 / 1000};${iso(T0)};1,5;2\r\n`;
    const summary = await uploadOk(file, { unknownVariables: 'create' });
    expect(summary).toMatchObject({ variablesCreated: names, points: 2, errorCount: 0 });
    expect(await storedBetween(columnId(summary, names[0]!), T0, T0 + 1000)).toEqual([[T0, 1.5]]);
  });

  it('is for super administrators only: 401 without a token, 403 without the Superadmin feature', async () => {
    const file = `timestamp;${ref('x')}\n${T0};1\n`;
    const anonymous = await request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .set('content-type', 'text/csv')
      .send(file);
    expect(anonymous.status).toBe(401);
    const admin = await app.get(AccessTokenService).issue({
      id: 2,
      username: 'admin',
      authorities: [Authorities.admin, Authorities.product],
      sessionVersion: 0,
    });
    const forbidden = await request(app.getHttpServer())
      .post('/api/web/csv-upload')
      .set(AuthHeaders.authorization, `Bearer ${admin}`)
      .set('content-type', 'text/csv')
      .send(file);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Needs the feature Superadmin');
  });
});
