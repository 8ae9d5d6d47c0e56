import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PlatformConfig } from '../config/platform-config';
import { IN_MEMORY_DATA_DIR } from '../database/database';

// The keys of the token protocol: identity signs access tokens, every service verifies them, and data
// sources present the service token. Cluster deployments configure them; a standalone process (or a
// local cluster sharing DATA_DIR) generates them once into DATA_DIR/keys and reuses them.
export class AuthKeys {
  constructor(
    readonly verifyKey: KeyObject,
    /** only where AUTH_SIGNING_KEY is configured or the keys are local (identity, standalone) */
    readonly signingKey: KeyObject | undefined,
    readonly serviceToken: string,
  ) {}
}

type KeyConfig = Pick<PlatformConfig, 'AUTH_SIGNING_KEY' | 'AUTH_VERIFY_KEY' | 'SERVICE_TOKEN' | 'DATA_DIR'>;

// DATA_DIR=memory:// (tests) keeps generated secrets in this process only, shared by its apps.
let inMemory: { privatePem: string; serviceToken: string } | undefined;

export function loadAuthKeys(config: KeyConfig): AuthKeys {
  const local = config.AUTH_SIGNING_KEY || config.AUTH_VERIFY_KEY ? undefined : localSecrets(config.DATA_DIR);
  const privatePem = config.AUTH_SIGNING_KEY ?? local?.privatePem;
  const signingKey = privatePem ? createPrivateKey(privatePem) : undefined;
  const verifyKey = config.AUTH_VERIFY_KEY
    ? createPublicKey(config.AUTH_VERIFY_KEY)
    : createPublicKey(signingKey as KeyObject);
  if (
    verifyKey.asymmetricKeyType !== 'ed25519' ||
    (signingKey && signingKey.asymmetricKeyType !== 'ed25519')
  ) {
    throw new Error('AUTH_SIGNING_KEY and AUTH_VERIFY_KEY must be Ed25519 keys');
  }
  const serviceToken =
    config.SERVICE_TOKEN ?? local?.serviceToken ?? localSecrets(config.DATA_DIR).serviceToken;
  return new AuthKeys(verifyKey, signingKey, serviceToken);
}

function localSecrets(dataDir: string): { privatePem: string; serviceToken: string } {
  if (dataDir === IN_MEMORY_DATA_DIR) {
    inMemory ??= { privatePem: generatePrivatePem(), serviceToken: generateServiceToken() };
    return inMemory;
  }
  const folder = resolve(dataDir, 'keys');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  return {
    privatePem: readOrCreate(join(folder, 'signing-key.pem'), generatePrivatePem),
    serviceToken: readOrCreate(join(folder, 'service-token'), generateServiceToken),
  };
}

// Several processes of a local cluster may start at once: the file appears atomically (link fails when
// another process won the race) and everybody then reads the same content.
function readOrCreate(path: string, generate: () => string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${generate()}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(path, 'utf8').trim();
}

function generatePrivatePem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

function generateServiceToken(): string {
  return randomBytes(32).toString('base64url');
}
