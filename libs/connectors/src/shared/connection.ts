/** Delays between attempts to reach a broker or server: 1 s, doubling up to 30 s. */
export const RECONNECT_DELAY_MS = { initial: 1_000, max: 30_000 };

/** The delay before attempt `attempt` (from 1), ±20 % so that many clients do not all return at once. */
export function reconnectDelayMs(attempt: number): number {
  const { initial, max } = RECONNECT_DELAY_MS;
  return Math.round(Math.min(max, initial * 2 ** (attempt - 1)) * (0.8 + Math.random() * 0.4));
}

/** A broker's or server's address for the log, without any credentials written into its URL. */
export function addressForLog(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
