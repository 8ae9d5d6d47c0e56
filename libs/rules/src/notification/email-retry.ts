import type { PlatformConfig } from '@plantlens/platform';

const MAX_RETRY_MS = 15 * 60_000;

type RetryPolicy = Pick<PlatformConfig, 'NOTIFICATION_RETRY_INITIAL_MS' | 'NOTIFICATION_MAX_ATTEMPTS'>;

/**
 * When a failed e-mail is tried again: after `NOTIFICATION_RETRY_INITIAL_MS`, doubling with each attempt up
 * to 15 minutes; null once `NOTIFICATION_MAX_ATTEMPTS` attempts have failed (the e-mail is given up).
 */
export function emailRetryDelayMs(failedAttempts: number, policy: RetryPolicy): number | null {
  if (failedAttempts >= policy.NOTIFICATION_MAX_ATTEMPTS) return null;
  return Math.min(MAX_RETRY_MS, policy.NOTIFICATION_RETRY_INITIAL_MS * 2 ** (failedAttempts - 1));
}

/** How long an SMTP outage may last before an e-mail is given up: the sum of every retry delay. */
export function emailRetrySpanMs(policy: RetryPolicy): number {
  let span = 0;
  for (let attempts = 1; ; attempts += 1) {
    const delay = emailRetryDelayMs(attempts, policy);
    if (delay === null) return span;
    span += delay;
  }
}
