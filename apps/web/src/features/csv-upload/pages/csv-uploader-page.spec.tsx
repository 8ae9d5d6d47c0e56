// The page uploads through jsdom's XMLHttpRequest to a real HTTP server playing the API: no XHR mocks.
import type { CsvUploadResponseDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError, type Reply } from '../../../testing/test-api-server';

const superAdmin = { username: 'root', authorities: ['ROLE_SUPERADMIN'] };
const UPLOAD = '/api/web/csv-upload';
// Role queries skip the visibility check, which computes every style of antd's sheets in jsdom (seconds).
const ROLE_QUERY = { hidden: true };
const FILE =
  'Fecha hora;Volume Flow RateRMS;Level\n2026-03-01 10:00:00;1.5;oops\n2026-03-01 10:00:00;2.5;4\n';
const FIRST_TS = Date.UTC(2026, 2, 1, 9);

// The variables service's answer for FILE: the dry run reads it all, the load stores it.
function answerFor(query: Record<string, string>, timeZone = query.timeZone ?? 'UTC'): CsvUploadResponseDto {
  const dryRun = query.dryRun === 'true';
  const create = query.unknownVariables === 'create';
  return {
    dryRun,
    format: {
      fieldSeparator: ';',
      decimalSeparator: query.decimalSeparator === ',' ? ',' : '.',
      decimalSeparatorFrom: query.decimalSeparator === 'auto' ? 'data' : 'option',
      timeColumn: 1,
      timeHeader: 'Fecha hora',
      timeFormat: 'iso',
      timeZone,
    },
    rows: 2,
    pointsPublished: dryRun ? 0 : 3,
    points: create ? 3 : 2,
    firstTs: FIRST_TS,
    lastTs: FIRST_TS,
    columns: [
      {
        column: 2,
        clientReference: 'Volume Flow RateRMS',
        variableId: 4,
        status: 'known',
        points: 2,
        firstTs: FIRST_TS,
        lastTs: FIRST_TS,
      },
      {
        column: 3,
        clientReference: 'Level',
        variableId: create && !dryRun ? 9 : null,
        status: create ? (dryRun ? 'would-create' : 'created') : 'unknown',
        points: create ? 1 : 0,
        firstTs: create ? FIRST_TS : null,
        lastTs: create ? FIRST_TS : null,
      },
    ],
    variablesCreated: create && !dryRun ? ['Level'] : [],
    unknownVariables: create ? [] : ['Level'],
    repeatedPoints: 1,
    warnings: [{ code: 'repeated-times', message: '1 row repeats the time of an earlier row' }],
    errors: [{ line: 2, column: 3, header: 'Level', reason: 'invalid-number', value: 'oops' }],
    errorCount: 1,
    errorsByReason: { 'invalid-number': 1 },
    truncated: false,
  };
}

describe('CSV uploader page', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer();
    await server.start();
  });
  afterEach(() => server.stop());

  const button = (name: string) => screen.getByText(name).closest('button')!;
  // The value cell beside a label of a description list.
  const described = (label: string) =>
    screen
      .getByText(label, { selector: '.ant-descriptions-item-label, .ant-descriptions-item-label *' })
      .closest('tr')
      ?.querySelector('td')?.textContent;
  // A row of the columns table, by its client reference cell.
  const columnRow = (reference: string) => screen.getByText(reference, { selector: 'td' }).closest('tr')!;

  async function openWithFile(text: string) {
    await renderApp('/csv-uploader', { account: superAdmin });
    await screen.findByText('Click or drag a CSV file here');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([text], 'plant.csv', { type: 'text/csv' })] } });
    await screen.findByText('plant.csv');
  }

  it('checks the file, previews what it would store, then loads it with progress and shows the result', async () => {
    let answerLoad: (reply: Reply) => void = () => undefined;
    server.answer('POST', UPLOAD, (request) =>
      request.query.dryRun === 'true'
        ? { json: answerFor(request.query) }
        : new Promise<Reply>((resolve) => (answerLoad = resolve)),
    );
    await openWithFile(FILE);
    expect(screen.getByText('Check the file to see what would be loaded; then load it.')).toBeInTheDocument();
    expect(button('Load')).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Create them'));
    fireEvent.click(button('Check file'));

    expect(await screen.findByText('Preview: what the load would store')).toBeInTheDocument();
    const [check] = server.requests('POST', UPLOAD);
    expect(check!.query).toEqual({ unknownVariables: 'create', decimalSeparator: 'auto', dryRun: 'true' });
    expect(check!.headers['x-authorization']).toBe('Bearer test-access');
    expect(check!.headers['content-type']).toBe('text/csv');
    expect(check!.body).toBe(FILE);
    // The detected settings.
    expect(described('Field separator')).toBe('Semicolon (;)');
    expect(described('Decimal separator')).toBe('Point (.), detected from the data');
    expect(described('Time column')).toBe('Column 1 · Fecha hora');
    expect(described('Time format')).toBe('ISO 8601 (2026-01-31 08:00:00)');
    expect(described('Zone applied')).toBe('UTC');
    // Totals, columns, warnings translated by code, errors by reason and listed.
    expect(described('Rows read')).toBe('2');
    expect(described('Points to load')).toBe('3');
    expect(described('Repeated points (the later value is kept)')).toBe('1');
    expect(described('Errors')).toBe('1');
    expect(screen.queryByText('Variables created')).not.toBeInTheDocument();
    expect(columnRow('Volume Flow RateRMS')).toHaveTextContent('In the plant');
    expect(columnRow('Level')).toHaveTextContent('Would be created');
    expect(
      screen.getByText('The same time appears in more than one row: the later row’s values are kept.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('1 row repeats the time of an earlier row')).not.toBeInTheDocument();
    expect(screen.getByText('Errors by reason').closest('.ant-descriptions')).toHaveTextContent(
      'Not a number1',
    );
    const errorTable = within(screen.getByText('Reason').closest('table')!);
    expect(errorTable.getAllByRole('row', ROLE_QUERY)[1]).toHaveTextContent('23 · LevelNot a numberoops');

    fireEvent.click(button('Load'));
    await waitFor(() => expect(server.requests('POST', UPLOAD)).toHaveLength(2));
    // The server holds its answer: the page shows the load running, and a second click sends nothing.
    expect(screen.getByText('Uploading and reading the file…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', ROLE_QUERY)).toBeInTheDocument();
    fireEvent.click(button('Load'));
    const load = server.requests('POST', UPLOAD)[1]!;
    expect(load.query).toEqual({ unknownVariables: 'create', decimalSeparator: 'auto' });
    expect(load.body).toBe(FILE);
    answerLoad({ json: answerFor(load.query) });

    expect(await screen.findByText('Result')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', ROLE_QUERY)).not.toBeInTheDocument();
    expect(described('Points loaded')).toBe('3');
    expect(described('Variables created')).toBe('Level');
    expect(columnRow('Level')).toHaveTextContent('Created');
    expect(server.requests('POST', UPLOAD)).toHaveLength(2);
    // Loaded: loading again needs a new check.
    expect(button('Load')).toBeDisabled();
  });

  it('drops the preview when an option changes and sends the new options with the next check', async () => {
    server.answer('POST', UPLOAD, (request) => ({ json: answerFor(request.query) }));
    await openWithFile(FILE);
    fireEvent.click(button('Check file'));
    await screen.findByText('Preview: what the load would store');
    expect(button('Load')).toBeEnabled();

    fireEvent.click(screen.getByLabelText('Comma (1,5)'));
    expect(screen.queryByText('Preview: what the load would store')).not.toBeInTheDocument();
    expect(
      screen.getByText('The options changed: check the file again before loading it.'),
    ).toBeInTheDocument();
    expect(button('Load')).toBeDisabled();
    // By the id its label points at: a role query by name computes the styles of the whole page (seconds).
    const zone = document.getElementById('csv-upload-time-zone')!;
    expect(screen.getByText('Time zone of times written without one')).toHaveAttribute('for', zone.id);
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: 'Madrid' } });
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[title="Europe/Madrid"]')!));
    fireEvent.click(button('Check file'));

    await screen.findByText('Preview: what the load would store');
    expect(server.requests('POST', UPLOAD).map(({ query }) => query)).toEqual([
      { unknownVariables: 'report', decimalSeparator: 'auto', dryRun: 'true' },
      { unknownVariables: 'report', decimalSeparator: ',', timeZone: 'Europe/Madrid', dryRun: 'true' },
    ]);
    expect(described('Decimal separator')).toBe('Comma (,), as chosen');
    expect(described('Zone applied')).toBe('Europe/Madrid');
    expect(columnRow('Level')).toHaveTextContent('Not in the plant: skipped');
  });

  it("sends no zone when the plant's zone is chosen again", async () => {
    server.answer('POST', UPLOAD, (request) => ({ json: answerFor(request.query) }));
    await openWithFile(FILE);
    const zone = document.getElementById('csv-upload-time-zone')!;
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: 'Madrid' } });
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[title="Europe/Madrid"]')!));
    expect(zone.closest('.ant-select')).toHaveTextContent('Europe/Madrid');
    fireEvent.mouseDown(zone);
    fireEvent.change(zone, { target: { value: 'plant' } });
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('[title="The plant\'s zone"]')!));
    expect(zone.closest('.ant-select')).toHaveTextContent("The plant's zone");
    fireEvent.click(button('Check file'));

    await screen.findByText('Preview: what the load would store');
    expect(server.requests('POST', UPLOAD).map(({ query }) => query)).toEqual([
      { unknownVariables: 'report', decimalSeparator: 'auto', dryRun: 'true' },
    ]);
  });

  it('keeps Load disabled when the preview would store nothing, and says why', async () => {
    server.answer('POST', UPLOAD, (request) => ({
      json: {
        ...answerFor(request.query),
        points: 0,
        warnings: [{ code: 'only-unknown-columns', message: 'every column is unknown' }],
      },
    }));
    await openWithFile(FILE);
    fireEvent.click(button('Check file'));

    expect(
      await screen.findByText('Nothing would be loaded: change the file or the options and check it again.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Every variable column is missing from the plant and they are only listed: nothing can be stored. Choose "Create them" to declare them.',
      ),
    ).toBeInTheDocument();
    expect(button('Load')).toBeDisabled();
  });

  it('refreshes an expired token once and sends the file again', async () => {
    server
      .answer('POST', UPLOAD, (request) =>
        request.headers['x-authorization'] === 'Bearer renewed-access'
          ? { json: answerFor(request.query) }
          : apiError(401, 'Expired'),
      )
      .answer('POST', '/api/auth/refresh', {
        json: { accessToken: 'renewed-access', refreshToken: 'renewed-refresh' },
      });
    await openWithFile(FILE);
    fireEvent.click(button('Check file'));

    expect(await screen.findByText('Preview: what the load would store')).toBeInTheDocument();
    expect(
      server.requests('POST', '/api/auth/refresh').map(({ headers }) => headers['x-authorization']),
    ).toEqual(['Bearer test-refresh']);
    expect(server.requests('POST', UPLOAD).map(({ headers }) => headers['x-authorization'])).toEqual([
      'Bearer test-access',
      'Bearer renewed-access',
    ]);
    expect(localStorage.getItem('at')).toBe('renewed-access');
  });

  it("shows the server's explanation when it refuses the file, for a check and for a load", async () => {
    let refuseLoad = true;
    server.answer('POST', UPLOAD, (request) =>
      request.query.dryRun === 'true'
        ? { json: answerFor(request.query) }
        : refuseLoad
          ? apiError(413, 'The file is larger than 2 GB')
          : { json: answerFor(request.query) },
    );
    await openWithFile(FILE);
    fireEvent.click(button('Check file'));
    await screen.findByText('Preview: what the load would store');
    fireEvent.click(button('Load'));

    expect(await screen.findByText('The file could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The file is larger than 2 GB')).toBeInTheDocument();
    // The preview stays and Load can be tried again.
    expect(screen.getByText('Preview: what the load would store')).toBeInTheDocument();
    refuseLoad = false;
    fireEvent.click(button('Load'));
    expect(await screen.findByText('Result')).toBeInTheDocument();

    server.answer('POST', UPLOAD, apiError(400, 'The file has no time column'));
    fireEvent.click(button('Check file'));
    expect(await screen.findByText('The file could not be checked')).toBeInTheDocument();
    expect(screen.getByText('The file has no time column')).toBeInTheDocument();
    expect(button('Load')).toBeDisabled();
  });
});
