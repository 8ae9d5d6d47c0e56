import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuthMessages } from '@plantlens/contracts';
import {
  Database,
  HttpExceptionWithHeaders,
  PLATFORM_CONFIG,
  type PlatformConfig,
} from '@plantlens/platform';
import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { IdentityDb } from '../database/identity-database';

// The slow-down of a user name under attack from many addresses: doubling from this, never above the cap.
const USER_SLOWDOWN_FIRST_MS = 250;
const USER_SLOWDOWN_MAX_MS = 4_000;

type KeyKind = 'pair' | 'address' | 'user';

interface Keys {
  pair?: string;
  address: string;
  user?: string;
}

// Failed sign-ins counted in PostgreSQL, so that every identity replica sees the same counts (docs/security.md
// "Sign-in throttling", OWASP ASVS 2.2.1). A (user name, address) pair or an address past its free failures
// waits before its next try: 429 with a Retry-After doubling from 2 s up to the window. A user name alone is
// only slowed down, so that nobody can lock its owner out: the right password from an address without
// failures always gets in. A key is forgotten a window after its last failure.
@Injectable()
export class LoginThrottle {
  private readonly db: IdentityDb;

  constructor(
    database: Database,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    this.db = database.kysely as IdentityDb;
  }

  /**
   * 429 with Retry-After while the pair or the address must wait; otherwise the delay (ms) to hold the
   * answer for, when the user name alone has too many failures.
   */
  async check(username: string | undefined, address: string): Promise<number> {
    const keys = keysOf(username, address);
    const rows = await this.db
      .selectFrom('identity.sign_in_failure')
      .select([
        'key',
        'failures',
        sql<number>`extract(epoch from (now() - last_failure_at))::float8`.as('secondsSinceLast'),
      ])
      .where('key', 'in', keyList(keys))
      .where('last_failure_at', '>', sql<Date>`now() - make_interval(secs => ${this.windowSeconds})`)
      .execute();
    const failuresOf = (kind: KeyKind) => rows.find((row) => row.key === keys[kind]);
    const retryAfter = Math.max(
      this.waitSeconds(failuresOf('pair'), this.config.LOGIN_FREE_FAILURES_PER_USER_AND_ADDRESS),
      this.waitSeconds(failuresOf('address'), this.config.LOGIN_FREE_FAILURES_PER_ADDRESS),
    );
    if (retryAfter > 0) throw new TooManyAttemptsException(retryAfter);
    const excess = (failuresOf('user')?.failures ?? 0) - this.config.LOGIN_SLOWDOWN_FAILURES_PER_USER;
    return excess < 0 ? 0 : Math.min(USER_SLOWDOWN_FIRST_MS * 2 ** excess, USER_SLOWDOWN_MAX_MS);
  }

  async recordFailure(username: string | undefined, address: string): Promise<void> {
    const window = sql<Date>`now() - make_interval(secs => ${this.windowSeconds})`;
    await this.db
      .insertInto('identity.sign_in_failure')
      .values(
        keyList(keysOf(username, address)).map((key) => ({
          key,
          failures: 1,
          last_failure_at: sql<Date>`now()`,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`case when identity.sign_in_failure.last_failure_at > ${window}
            then identity.sign_in_failure.failures + 1 else 1 end`,
          last_failure_at: sql<Date>`now()`,
        }),
      )
      .execute();
    // Keeps the table to the keys of one window, however many names or addresses an attack makes up.
    await this.db.deleteFrom('identity.sign_in_failure').where('last_failure_at', '<=', window).execute();
  }

  /** The right password clears the pair's failures; the address and the user name keep theirs. */
  async recordSuccess(username: string, address: string): Promise<void> {
    const { pair } = keysOf(username, address);
    if (pair) await this.db.deleteFrom('identity.sign_in_failure').where('key', '=', pair).execute();
  }

  private get windowSeconds(): number {
    return this.config.LOGIN_FAILURE_WINDOW_SECONDS;
  }

  private waitSeconds(row: { failures: number; secondsSinceLast: number } | undefined, free: number): number {
    if (!row || row.failures < free) return 0;
    const wait = Math.min(2 ** (row.failures - free + 1), this.windowSeconds);
    return Math.max(0, Math.ceil(wait - row.secondsSinceLast));
  }
}

// Hashed: what people type as a user name is sometimes their password.
function keysOf(username: string | undefined, address: string): Keys {
  const hash = (kind: KeyKind, value: string) =>
    createHash('sha256').update(`${kind}\n${value}`).digest('hex');
  return username === undefined
    ? { address: hash('address', address) }
    : {
        pair: hash('pair', `${username}\n${address}`),
        address: hash('address', address),
        user: hash('user', username),
      };
}

function keyList(keys: Keys): string[] {
  return [keys.pair, keys.address, keys.user].filter((key): key is string => key !== undefined);
}

export class TooManyAttemptsException extends HttpExceptionWithHeaders {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: AuthMessages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
