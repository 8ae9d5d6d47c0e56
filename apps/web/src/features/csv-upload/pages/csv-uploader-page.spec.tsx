/// <reference types="node" />
// The page uploads through jsdom's XMLHttpRequest to a real HTTP server started here: no XHR mocks.
import type { CsvUploadResponseDto } from '@plantlens/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router-dom';
import { createTokenProtocol } from '../../../lib/base-query';
import { renderWithI18n } from '../../../testing/render-with-i18n';
import { createCsvUploader } from '../upload-csv';
import { CsvUploaderPage } from './csv-uploader-page';

interface ReceivedUpload {
  query: Record<string, string>;
  authorization?: string;
  contentType?: string;
  body: string;
}

// A stand-in for the variables service's uploader: it reads the whole file, waits until the test lets
// it answer, then summarises it the way the real one does (a cell "oops" is a bad number).
class UploadServer {
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));
  uploads: ReceivedUpload[] = [];
  refreshCalls = 0;
  validTokens = new Set(['valid-access']);
  expiredTokens = new Set<string>();
  private answerGate: Promise<void> = Promise.resolve();
  private openGate: () => void = () => undefined;

  async start(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api`;
  }

  stop(): Promise<void> {
    this.openGate();
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }

  /** Uploads wait for release() before they are answered. */
  hold(): void {
    this.answerGate = new Promise((open) => (this.openGate = open));
  }

  release(): void {
    this.openGate();
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    // jsdom's page lives at http://localhost: the upload is a cross-origin call with a preflight.
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type, x-authorization, x-is-refresh',
      });
      response.end();
      return;
    }
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/auth/refresh') {
      this.refreshCalls += 1;
      this.validTokens.add('renewed-access');
      return send(200, { accessToken: 'renewed-access', refreshToken: 'renewed-refresh' });
    }
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const authorization = request.headers['x-authorization'] as string | undefined;
    this.uploads.push({
      query: Object.fromEntries(url.searchParams),
      authorization,
      contentType: request.headers['content-type'],
      body,
    });
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    if (this.expiredTokens.has(token)) return send(401, { statusCode: 401, message: 'Expired' });
    if (!this.validTokens.has(token)) return send(401, { statusCode: 401, message: 'Invalid token' });
    await this.answerGate;
    const [header = '', ...rows] = body.split('\n').filter((line) => line.length > 0);
    const references = header.split(';').slice(1);
    if (!/^(timestamp|datetime)/i.test(header)) {
      return send(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The first column must be "timestamp"',
      });
    }
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
    const summary: CsvUploadResponseDto = {
      rows: rows.length,
      pointsPublished: rows.length - errors.length,
      variablesCreated: url.searchParams.get('unknownVariables') === 'create' ? references : [],
      unknownVariables: [],
      errors,
      errorCount: errors.length,
      truncated: false,
    };
    send(200, summary);
  }
}

// Server round trips with a CORS preflight take a while on a busy machine.
const SERVER_WAIT = { timeout: 15_000 };
// Role queries skip the visibility check, which computes every style of antd's sheets in jsdom (seconds).
const ROLE_QUERY = { hidden: true };

function memoryStorage(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('CSV uploader page', () => {
  let server: UploadServer;
  let baseUrl: string;

  beforeEach(async () => {
    server = new UploadServer();
    baseUrl = await server.start();
  });
  afterEach(() => server.stop());

  function renderPage(tokens: { at: string; rt: string }) {
    const storage = memoryStorage(tokens);
    const onSignOut = jest.fn();
    const protocol = createTokenProtocol({ baseUrl, storage, onSignOut, fetchFn: fetch });
    const view = renderWithI18n(
      <MemoryRouter>
        <CsvUploaderPage uploader={createCsvUploader(baseUrl, protocol)} />
      </MemoryRouter>,
    );
    return { ...view, storage, onSignOut };
  }

  // The value cell beside a label of the summary.
  const summaryValue = (label: string) =>
    screen.getByText(label).closest('tr')?.querySelector('td')?.textContent;

  const uploadButton = () => screen.getByText('Upload').closest('button')!;

  function chooseFile(container: HTMLElement, text: string) {
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([text], 'plant.csv', { type: 'text/csv' })] } });
  }

  it('sends the file with the chosen options, shows progress while it runs, then the summary and errors', async () => {
    const rows = Array.from({ length: 30 }, (_, index) =>
      index % 2 === 0 ? `${1767225600 + index};oops` : `${1767225600 + index};${index},5`,
    );
    const file = [`timestamp;tank_level`, ...rows].join('\n');
    const { container } = renderPage({ at: 'valid-access', rt: 'refresh' });
    server.hold();

    expect(uploadButton()).toBeDisabled();
    chooseFile(container, file);
    expect(await screen.findByText('plant.csv')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Create them'));
    fireEvent.click(screen.getByLabelText('Comma (1,5)'));
    fireEvent.click(uploadButton());

    expect(await screen.findByText('Uploading and reading the file…', {}, SERVER_WAIT)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', ROLE_QUERY)).toHaveAttribute('aria-valuenow', '0');
    await waitFor(() => expect(server.uploads).toHaveLength(1), SERVER_WAIT);
    expect(server.uploads[0]).toEqual({
      query: { unknownVariables: 'create', decimalSeparator: ',' },
      authorization: 'Bearer valid-access',
      contentType: 'text/csv',
      body: file,
    });
    server.release();

    expect(await screen.findByText('Result', {}, SERVER_WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', ROLE_QUERY)).not.toBeInTheDocument();
    expect(summaryValue('Rows read')).toBe('30');
    expect(summaryValue('Points loaded')).toBe('15');
    expect(summaryValue('Variables created')).toBe('tank_level');
    expect(summaryValue('Errors')).toBe('15');
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
    server.expiredTokens.add('old-access');
    const { container, storage, onSignOut } = renderPage({ at: 'old-access', rt: 'old-refresh' });
    chooseFile(container, 'datetime;flow\n2026-01-01 00:00:00;1\n');
    fireEvent.click(uploadButton());

    expect(await screen.findByText('Result', {}, SERVER_WAIT)).toBeInTheDocument();
    expect(server.refreshCalls).toBe(1);
    expect(server.uploads.map((upload) => upload.authorization)).toEqual([
      'Bearer old-access',
      'Bearer renewed-access',
    ]);
    expect(storage.values.get('at')).toBe('renewed-access');
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it("shows the server's explanation when it refuses the file", async () => {
    const { container } = renderPage({ at: 'valid-access', rt: 'refresh' });
    chooseFile(container, 'when;flow\n1;2\n');
    fireEvent.click(uploadButton());

    expect(await screen.findByText('The file could not be loaded', {}, SERVER_WAIT)).toBeInTheDocument();
    expect(screen.getByText('The first column must be "timestamp"')).toBeInTheDocument();
    expect(screen.queryByText('Result')).not.toBeInTheDocument();
  });
});
