// First start without SUPERADMIN_PASSWORD: a generated password is printed once, works, and is never
// printed again on later starts over the same data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, startIdentityApp } from './identity-app';

async function startCapturingLogs(dataDir: string) {
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array, ...rest) => {
      lines.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
  try {
    const app = await startIdentityApp({ DATA_DIR: dataDir, SUPERADMIN_PASSWORD: '', LOG_LEVEL: 'log' });
    return { app, log: lines.join('') };
  } finally {
    spy.mockRestore();
  }
}

describe('super admin seed', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(join(tmpdir(), 'plantlens-seed-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints a generated password once, which signs the super admin in', async () => {
    const first = await startCapturingLogs(dataDir);
    const password = /generated password (\S+) /.exec(first.log)?.[1];
    expect(password).toBeDefined();
    await expect(login(first.app, 'admin', password!)).resolves.toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    await first.app.close();

    const second = await startCapturingLogs(dataDir);
    expect(second.log).not.toContain('generated password');
    expect(second.log).not.toContain(password);
    await expect(login(second.app, 'admin', password!)).resolves.toBeDefined();
    await second.app.close();
  });
});
