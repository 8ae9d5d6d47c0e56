import { formatLastUpdate, formatValveValue } from './valve-format';

describe('valve value format (spec part 2 §9)', () => {
  it('shows 2 decimals and drops a trailing .00', () => {
    expect(formatValveValue(12)).toBe('12');
    expect(formatValveValue(12.5)).toBe('12.50');
    expect(formatValveValue(12.345)).toBe('12.35');
    expect(formatValveValue(7.999)).toBe('8');
    expect(formatValveValue(-0.001)).toBe('0');
    expect(formatValveValue(-3.1)).toBe('-3.10');
  });

  it('writes the last update as a long date in the language, "-" without data', () => {
    expect(formatLastUpdate(null, 'en_GB')).toBe('-');
    expect(formatLastUpdate(Date.UTC(2026, 2, 2, 10) / 1000, 'es_ES')).toMatch(/2 de marzo de 2026/);
    expect(formatLastUpdate(Date.UTC(2026, 2, 2, 10) / 1000, 'en_GB')).toMatch(/2 March 2026/);
  });
});
