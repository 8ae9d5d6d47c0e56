import { AuthMessages } from '@plantlens/contracts';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPlatformConfig } from '../config/platform-config';
import { AccessTokenService } from './access-token.service';
import { loadAuthKeys } from './auth-keys';

describe('auth keys and access tokens', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'plantlens-keys-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('generates the key pair and service token once into DATA_DIR/keys (0600) and reuses them', () => {
    const config = loadPlatformConfig({ DATA_DIR: dataDir });
    const first = loadAuthKeys(config);
    const second = loadAuthKeys(config);
    expect(first.signingKey).toBeDefined();
    expect(second.serviceToken).toBe(first.serviceToken);
    expect(second.verifyKey.export({ format: 'pem', type: 'spki' })).toEqual(
      first.verifyKey.export({ format: 'pem', type: 'spki' }),
    );
    expect(statSync(join(dataDir, 'keys', 'signing-key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'keys', 'service-token')).mode & 0o777).toBe(0o600);
  });

  it('lets a service holding only the verify key verify what identity signs, and not sign', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const signingPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const verifyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const serviceToken = 'x'.repeat(40);
    const identityConfig = loadPlatformConfig({ AUTH_SIGNING_KEY: signingPem, SERVICE_TOKEN: serviceToken });
    const serviceConfig = loadPlatformConfig({ AUTH_VERIFY_KEY: verifyPem, SERVICE_TOKEN: serviceToken });
    const identity = new AccessTokenService(loadAuthKeys(identityConfig), identityConfig);
    const service = new AccessTokenService(loadAuthKeys(serviceConfig), serviceConfig);
    const token = await identity.issue({
      id: 7,
      username: 'ana',
      authorities: ['EXPLORER'],
      sessionVersion: 0,
    });
    await expect(service.verify(token)).resolves.toEqual({
      id: 7,
      username: 'ana',
      authorities: ['EXPLORER'],
      sessionVersion: 0,
    });
    await expect(
      service.issue({ id: 7, username: 'ana', authorities: [], sessionVersion: 0 }),
    ).rejects.toThrow(/cannot issue/);
    expect(service.isServiceToken(serviceToken)).toBe(true);
    expect(service.isServiceToken('y'.repeat(40))).toBe(false);
    expect(service.isServiceToken(undefined)).toBe(false);
  });

  it('answers Expired for an expired token and Invalid token for a forged or mangled one', async () => {
    const config = loadPlatformConfig({ DATA_DIR: dataDir, AUTH_ACCESS_TOKEN_TTL_SECONDS: '10' });
    const tokens = new AccessTokenService(loadAuthKeys(config), config);
    const token = await tokens.issue({ id: 1, username: 'ana', authorities: [], sessionVersion: 0 });
    jest.useFakeTimers({ now: Date.now() + 11_000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await expect(tokens.verify(token)).rejects.toMatchObject({
        message: AuthMessages.expired,
        status: 401,
      });
    } finally {
      jest.useRealTimers();
    }
    const other = loadPlatformConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'plantlens-other-')) });
    const forged = await new AccessTokenService(loadAuthKeys(other), other).issue({
      id: 1,
      username: 'ana',
      authorities: ['ROLE_ADMIN'],
      sessionVersion: 0,
    });
    rmSync(other.DATA_DIR, { recursive: true, force: true });
    await expect(tokens.verify(forged)).rejects.toMatchObject({ message: AuthMessages.invalidToken });
    await expect(tokens.verify(`${token.slice(0, -4)}AAAA`)).rejects.toMatchObject({
      message: AuthMessages.invalidToken,
    });
    await expect(tokens.verify('not.a.jwt')).rejects.toMatchObject({ message: AuthMessages.invalidToken });
  });

  it('rejects a PEM value that is not a key block', () => {
    expect(() => loadPlatformConfig({ AUTH_VERIFY_KEY: 'hello' })).toThrow(/AUTH_VERIFY_KEY/);
  });
});
