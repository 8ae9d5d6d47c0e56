// Polls until a probe's value is what a test waits for, or fails with the last value seen.
export async function eventually<T>(
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 60_000,
  intervalMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(
        `not reached within ${timeoutMs} ms; last value ${JSON.stringify(value).slice(0, 2000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await probe();
  }
  return value;
}
