// The page uploads through jsdom's XMLHttpRequest to a real HTTP server playing the API: no XHR mocks.
import type { CsvUploadResponseDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TestApiServer, apiError, type Reply } from '../../../testing/test-api-server';

const superAdmin = { username: 'root', authorities: ['ROLE_SUPERADMIN'] };
const UPLOAD = '/api/web/csv-upload';
// Role queries skip the visibility check, which computes every style of antd's sheets in jsdom (seconds).
const ROLE_QUERY = { hidden: true };

// The uploader's answer for a file, as the variables service computes it: a cell "oops" is a bad number.
function summarise(file: string, query: Record<string, string>): CsvUploadResponseDto {
  const [header = '', ...rows] = file.split('\n').filter((line) => line.length > 0);
  const references = header.split(';').slice(1);
  const errors = rows.flatMap((row, index) =>
    row.endsWith(';oops')
      ? [
          {
            line: index + 2,
            column: 2,
            header: references[0] ?? null,
            reason: 'invalid-number' as const,
            value: 'oops',
          },
        ]
      : [],
  );
  return {
    rows: rows.length,
    pointsPublished: rows.length - errors.length,
    variablesCreated: query.unknownVariables === 'create' ? references : [],
    unknownVariables: [],
    errors,
    errorCount: errors.length,
    truncated: false,
  };
}

const uploadAnswer = (request: { body: unknown; query: Record<string, string> }): Reply => ({
  json: summarise(String(request.body), request.query),
});

describe('CSV uploader page', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = new TestApiServer();
    await server.start();
  });
  afterEach(() => server.stop());

  const uploadButton = () => screen.getByText('Upload').closest('button')!;
  // The value cell beside a label of the summary.
  const summaryValue = (label: string) =>
    screen.getByText(label).closest('tr')?.querySelector('td')?.textContent;

  async function openWithFile(text: string) {
    await renderApp('/csv-uploader', { account: superAdmin });
    await screen.findByText('Click or drag a CSV file here');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([text], 'plant.csv', { type: 'text/csv' })] } });
    await screen.findByText('plant.csv');
  }

  it('sends the file with the chosen options, shows progress while it runs, then the summary and errors', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    server.answer('POST', UPLOAD, () => new Promise<Reply>((resolve) => (answer = resolve)));
    const rows = Array.from({ length: 30 }, (_, index) =>
      index % 2 === 0 ? `${1767225600 + index};oops` : `${1767225600 + index};${index},5`,
    );
    const file = [`timestamp;tank_level`, ...rows].join('\n');

    await openWithFile(file);
    fireEvent.click(screen.getByLabelText('Create them'));
    fireEvent.click(screen.getByLabelText('Comma (1,5)'));
    fireEvent.click(uploadButton());

    // The server holds its answer: the page shows the upload running.
    await waitFor(() => expect(server.requests('POST', UPLOAD)).toHaveLength(1));
    expect(screen.getByText('Uploading and reading the file…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', ROLE_QUERY)).toHaveAttribute('aria-valuenow', '0');
    // A second click while the upload runs sends nothing.
    fireEvent.click(uploadButton());
    const [request] = server.requests('POST', UPLOAD);
    expect(request!.query).toEqual({ unknownVariables: 'create', decimalSeparator: ',' });
    expect(request!.headers['x-authorization']).toBe('Bearer test-access');
    expect(request!.headers['content-type']).toBe('text/csv');
    expect(request!.body).toBe(file);
    answer(uploadAnswer(request!));

    expect(await screen.findByText('Result')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', ROLE_QUERY)).not.toBeInTheDocument();
    expect(summaryValue('Rows read')).toBe('30');
    expect(summaryValue('Points loaded')).toBe('15');
    expect(summaryValue('Variables created')).toBe('tank_level');
    expect(summaryValue('Variables not in the plant (columns skipped)')).toBe('None');
    expect(summaryValue('Errors')).toBe('15');
    expect(server.requests('POST', UPLOAD)).toHaveLength(1);
    const errorTable = within(screen.getByText('Reason').closest('table')!);
    const errorRows = () => errorTable.getAllByRole('row', ROLE_QUERY).slice(1);
    expect(errorRows()).toHaveLength(10);
    expect(errorRows()[0]).toHaveTextContent('2 · tank_levelNot a numberoops');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(errorRows().map((row) => row.firstChild?.textContent)).toEqual(['22', '24', '26', '28', '30']),
    );
  });

  it('refreshes an expired token once and sends the file again', async () => {
    server
      .answer('POST', UPLOAD, (request) =>
        request.headers['x-authorization'] === 'Bearer renewed-access'
          ? uploadAnswer(request)
          : apiError(401, 'Expired'),
      )
      .answer('POST', '/api/auth/refresh', {
        json: { accessToken: 'renewed-access', refreshToken: 'renewed-refresh' },
      });
    await openWithFile('datetime;flow\n2026-01-01 00:00:00;1\n');
    fireEvent.click(uploadButton());

    expect(await screen.findByText('Result')).toBeInTheDocument();
    expect(
      server.requests('POST', '/api/auth/refresh').map(({ headers }) => headers['x-authorization']),
    ).toEqual(['Bearer test-refresh']);
    expect(server.requests('POST', UPLOAD).map(({ headers }) => headers['x-authorization'])).toEqual([
      'Bearer test-access',
      'Bearer renewed-access',
    ]);
    expect(localStorage.getItem('at')).toBe('renewed-access');
  });

  it("shows the server's explanation when it refuses the file", async () => {
    server.answer('POST', UPLOAD, apiError(400, 'The first column of the header must be "timestamp"'));
    await openWithFile('when;flow\n1;2\n');
    fireEvent.click(uploadButton());

    expect(await screen.findByText('The file could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The first column of the header must be "timestamp"')).toBeInTheDocument();
    expect(screen.queryByText('Result')).not.toBeInTheDocument();
  });
});
