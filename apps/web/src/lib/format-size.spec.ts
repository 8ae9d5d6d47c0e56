import { formatSize } from './format-size';

describe('formatSize', () => {
  it('writes sizes in the largest unit that keeps them at 1 or more, in the user’s language', () => {
    expect(formatSize(3_200_000_000, 'en_GB')).toBe('3.2 GB');
    expect(formatSize(2_450_000, 'en_GB')).toBe('2.5 MB');
    expect(formatSize(2_450_000, 'es_ES')).toBe('2,5 MB');
    expect(formatSize(1_500, 'en_GB')).toBe('1.5 kB');
    expect(formatSize(512, 'en_GB')).toBe('512 byte');
  });
});
