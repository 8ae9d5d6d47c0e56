/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** parsed when JSON, the text otherwise (a file upload) */
  body: unknown;
}

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
}

// A function may take its time (a test holds an answer to look at the page meanwhile).
type Answer = Reply | ((request: ReceivedRequest) => Reply | Promise<Reply>);

// The error body every API error has (ApiErrorDto).
export const apiError = (status: number, message: string): Reply => ({
  status,
  json: { statusCode: status, error: 'Error', message },
});

// A real HTTP server playing the app's API in component tests: each `METHOD /path` answers as told,
// anything else 404. The document's <base href> points at it, so the app's own relative '/api/…' calls
// reach it through a real fetch (see jsdom-environment.cjs). No fetch mocks.
export class TestApiServer {
  readonly received: ReceivedRequest[] = [];
  private readonly answers = new Map<string, Answer>();
  private readonly server = createServer((request, response) => void this.handle(request, response));
  private base: HTMLBaseElement | undefined;

  answer(method: string, path: string, answer: Answer): this {
    this.answers.set(`${method} ${path}`, answer);
    return this;
  }

  /** the requests received with this method and path */
  requests(method: string, path: string): ReceivedRequest[] {
    return this.received.filter((request) => request.method === method && request.path === path);
  }

  async start(): Promise<void> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    const { port } = this.server.address() as AddressInfo;
    this.base = document.createElement('base');
    this.base.href = `http://127.0.0.1:${port}/`;
    document.head.append(this.base);
  }

  async stop(): Promise<void> {
    this.base?.remove();
    // fetch keeps connections alive; close() alone would wait for them.
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    // The document's origin is jsdom's (http://localhost): XMLHttpRequest calls here are cross-origin.
    response.setHeader('access-control-allow-origin', '*');
    // One connection per request: a kept-alive one can be closed by one side as the other reuses it, and
    // the request then fails ("fetch failed"; seen on a loaded machine, a save's PUT lost).
    response.setHeader('connection', 'close');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': request.headers['access-control-request-method'] ?? '*',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://test');
    request.setEncoding('utf8');
    let text = '';
    for await (const chunk of request) text += chunk as string;
    const received: ReceivedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: text && request.headers['content-type']?.includes('json') ? JSON.parse(text) : text || undefined,
    };
    this.received.push(received);
    const answer = this.answers.get(`${received.method} ${received.path}`);
    const reply =
      typeof answer === 'function' ? await answer(received) : (answer ?? apiError(404, 'Not found'));
    const status = reply.status ?? 200;
    if (reply.text !== undefined) {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(reply.text);
    } else {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.json ?? null));
    }
  }
}
