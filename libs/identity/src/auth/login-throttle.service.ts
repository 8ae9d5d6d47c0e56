import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { AuthMessages } from '@plantlens/contracts';
import { HttpExceptionWithHeaders, PLATFORM_CONFIG, type PlatformConfig } from '@plantlens/platform';

// Sliding window of failed sign-ins, per user name and per client address, kept in memory: a replica
// counts its own failures (documented in docs/security.md "Security").
@Injectable()
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly windowMs: number;

  constructor(@Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig) {
    this.windowMs = config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
  }

  /** 429 with Retry-After when the user or the address has used up its failures. */
  check(username: string, address: string): void {
    const retryAfter = Math.max(
      this.retryAfterSeconds(`user:${username}`, this.config.LOGIN_MAX_FAILURES_PER_USER),
      this.retryAfterSeconds(`address:${address}`, this.config.LOGIN_MAX_FAILURES_PER_ADDRESS),
    );
    if (retryAfter > 0) throw new TooManyAttemptsException(retryAfter);
  }

  recordFailure(username: string, address: string): void {
    const now = Date.now();
    // Many distinct names (a spraying attack) must not grow the map without bound.
    if (this.failures.size > 10_000) for (const key of [...this.failures.keys()]) this.recent(key, now);
    for (const key of [`user:${username}`, `address:${address}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
  }

  /** A successful sign-in clears the user's failures (the address keeps its count). */
  recordSuccess(username: string): void {
    this.failures.delete(`user:${username}`);
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (list.length === 0) this.failures.delete(key);
    return list;
  }

  private retryAfterSeconds(key: string, max: number): number {
    const now = Date.now();
    const list = this.recent(key, now);
    if (list.length < max) return 0;
    // The window frees a slot when the oldest counted failure leaves it.
    const oldest = list[list.length - max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }
}

export class TooManyAttemptsException extends HttpExceptionWithHeaders {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: AuthMessages.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}
