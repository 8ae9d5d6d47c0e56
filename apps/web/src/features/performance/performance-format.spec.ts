import { formatDuration, formatNumber, formatSampleTime, timeSeries } from './performance-format';
import { performanceSample } from './testing/performance-sample';

describe('performance figures formatting', () => {
  it('formats counts and rates with a decimal only for small values', () => {
    expect(formatNumber(1234.56, 'en_GB')).toBe('1,235');
    expect(formatNumber(1234.56, 'es_ES')).toBe('1235');
    expect(formatNumber(12.46, 'en_GB')).toBe('12.5');
    expect(formatNumber(12.46, 'es_ES')).toBe('12,5');
    expect(formatNumber(0, 'en_GB')).toBe('0');
  });

  it('formats durations in milliseconds, seconds or minutes', () => {
    expect(formatDuration(0.0123, 'en_GB')).toBe('12 ms');
    expect(formatDuration(0.0042, 'en_GB')).toBe('4.2 ms');
    expect(formatDuration(3.54, 'en_GB')).toBe('3.5 secs');
    expect(formatDuration(3.54, 'es_ES')).toBe('3,5 s');
    expect(formatDuration(252, 'en_GB')).toBe('4.2 mins');
  });

  it('writes when a sample was taken as a clock time', () => {
    expect(formatSampleTime('2026-11-25T10:41:31.000Z', 'en_GB')).toMatch(/^\d\d:41:31$/);
  });

  it('turns a figure of the history into a time series with gaps', () => {
    expect(
      timeSeries(
        [
          performanceSample('2026-11-25T10:00:00.000Z'),
          performanceSample('2026-11-25T10:00:05.000Z', { pointsInPerSecond: 40 }),
        ],
        'pointsInPerSecond',
      ),
    ).toEqual([
      [Date.parse('2026-11-25T10:00:00.000Z'), null],
      [Date.parse('2026-11-25T10:00:05.000Z'), 40],
    ]);
  });
});
