import { loadPlatformConfig } from '@plantlens/platform';
import { emailRetryDelayMs, emailRetrySpanMs } from './email-retry';

describe('e-mail retry policy', () => {
  const defaults = loadPlatformConfig({});

  // Issue 15: the SMTP server may be down for 10 minutes and every e-mail is still delivered.
  it('keeps retrying for at least 10 minutes by default', () => {
    expect(emailRetrySpanMs(defaults)).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('doubles the delay from the initial one up to 15 minutes, then gives up after the last attempt', () => {
    const policy = { NOTIFICATION_RETRY_INITIAL_MS: 5_000, NOTIFICATION_MAX_ATTEMPTS: 12 };
    expect([1, 2, 3, 8, 9, 11, 12].map((attempts) => emailRetryDelayMs(attempts, policy))).toEqual([
      5_000,
      10_000,
      20_000,
      640_000,
      900_000,
      900_000,
      null,
    ]);
    expect(emailRetrySpanMs(policy)).toBe(1_275_000 + 3 * 900_000);
  });

  it('gives up at once when one attempt is all there is', () => {
    const policy = { NOTIFICATION_RETRY_INITIAL_MS: 5_000, NOTIFICATION_MAX_ATTEMPTS: 1 };
    expect(emailRetryDelayMs(1, policy)).toBeNull();
    expect(emailRetrySpanMs(policy)).toBe(0);
  });
});
