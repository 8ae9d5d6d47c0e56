import { formatCacheDate } from './cache-format';

describe('cache formats', () => {
  it('writes the date long, with the time, in the user’s language', () => {
    const iso = '2026-11-24T12:05:12Z';
    expect(formatCacheDate(iso, 'en_GB')).toMatch(/^24 November 2026 at \d\d:05:12$/);
    expect(formatCacheDate(iso, 'es_ES')).toMatch(/^24 de noviembre de 2026 a las \d\d:05:12$/);
  });
});
