import { printable } from './readings';

describe('printable', () => {
  it('keeps a log line on one line and short', () => {
    expect(printable('a\nb\u0000c')).toBe('a?b?c');
    expect(printable('x'.repeat(10), 4)).toBe('xxxx…');
  });
});
