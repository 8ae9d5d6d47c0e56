import { formatCacheDate, formatSize } from './cache-format';

describe('cache formats', () => {
  it('writes sizes in the largest unit that keeps them at 1 or more, in the user’s language', () => {
    expect(formatSize(2_450_000, 'en_GB')).toBe('2.5 MB');
    expect(formatSize(2_450_000, 'es_ES')).toBe('2,5 MB');
    expect(formatSize(1_500, 'en_GB')).toBe('1.5 kB');
    expect(formatSize(512, 'en_GB')).toBe('512 byte');
  });

  it('writes the date long, with the time, in the user’s language', () => {
    const iso = '2026-11-24T12:05:12Z';
    expect(formatCacheDate(iso, 'en_GB')).toMatch(/^24 November 2026 at \d\d:05:12$/);
    expect(formatCacheDate(iso, 'es_ES')).toMatch(/^24 de noviembre de 2026 a las \d\d:05:12$/);
  });
});
