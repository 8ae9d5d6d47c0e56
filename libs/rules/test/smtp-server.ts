// A real SMTP server in the test process (smtp-server) and readers of the messages it received.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A server that refuses the first `failFirst` messages with a temporary error (451), then accepts; on
// `port` (a server back after an outage) or any free one, adding what it receives to `received`.
export async function startSmtp(
  failFirst: number,
  port = 0,
  received: Received[] = [],
): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  let refusals = failFirst;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client killed in the middle of a message (the fault tests SIGKILL the engine) resets its connection, and
  // smtp-server reports that as the server's 'error' event, which would crash the test process unlistened.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

// A header's value, unfolded, its RFC 2047 encoded words (non-ASCII subjects) decoded.
export function header(raw: string, name: string): string | undefined {
  const [head] = raw.split(/\r\n\r\n/);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(unfolded)?.[1];
  return value?.replace(/=\?UTF-8\?Q\?(.*?)\?=(?:\s+(?==\?))?/gi, (_, word: string) =>
    Buffer.from(
      word
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

// The text body, quoted-printable decoded.
export function body(raw: string): string {
  const text = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const decoded = text
    .replace(/=\r\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'));
  return decoded.replace(/\r\n/g, '\n');
}

export async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
