import { Injectable } from '@nestjs/common';
import { argon2id } from 'hash-wasm';
import { randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, 1 lane. hash-wasm runs it in
// WebAssembly, so no native build (npm here does not run install scripts).
const PARAMETERS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

interface ParsedHash {
  memorySize: number;
  iterations: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

@Injectable()
export class PasswordHasher {
  /** A PHC string `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
  hash(password: string): Promise<string> {
    return argon2id({ ...PARAMETERS, password, salt: randomBytes(16), outputType: 'encoded' });
  }

  /** Recomputes with the stored parameters and compares in constant time. */
  async verify(password: string, encoded: string): Promise<boolean> {
    const parsed = parse(encoded);
    if (!parsed) return false;
    const computed = await argon2id({
      password,
      salt: parsed.salt,
      memorySize: parsed.memorySize,
      iterations: parsed.iterations,
      parallelism: parsed.parallelism,
      hashLength: parsed.hash.length,
      outputType: 'binary',
    });
    return computed.length === parsed.hash.length && timingSafeEqual(Buffer.from(computed), parsed.hash);
  }
}

function parse(encoded: string): ParsedHash | undefined {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    encoded,
  );
  if (!match) return undefined;
  const [, m, t, p, salt = '', hash = ''] = match;
  return {
    memorySize: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}
