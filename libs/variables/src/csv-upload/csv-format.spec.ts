import {
  detectFieldSeparator,
  parseNumber,
  parseRowTime,
  resolveDecimalSeparator,
  splitFields,
} from './csv-format';

const NOW = Date.UTC(2026, 5, 1);
// What the store accepts on NOW: raw points are kept from 2025 on, and up to a day ahead.
const WINDOW = { earliestKept: Date.UTC(2025, 0, 1), latestAllowed: NOW + 86_400_000 };

describe('CSV format', () => {
  it('takes ";" as the separator when the header holds one, else ","', () => {
    expect(detectFieldSeparator('timestamp;a;b')).toBe(';');
    expect(detectFieldSeparator('timestamp,a,b')).toBe(',');
    expect(detectFieldSeparator('timestamp')).toBe(',');
  });

  it('reads a decimal comma automatically with ";" files only, unless told', () => {
    expect(resolveDecimalSeparator('auto', ';')).toBe(',');
    expect(resolveDecimalSeparator('auto', ',')).toBe('.');
    expect(resolveDecimalSeparator('.', ';')).toBe('.');
    expect(resolveDecimalSeparator(',', ',')).toBe(',');
  });

  it('splits cells, quoted or not, keeping empty ones', () => {
    expect(splitFields('1;2;;4;', ';')).toEqual(['1', '2', '', '4', '']);
    expect(splitFields('1,"2,5","say ""hi""",', ',')).toEqual(['1', '2,5', 'say "hi"', '']);
    expect(splitFields('"a";;"b"', ';')).toEqual(['a', '', 'b']);
    expect(splitFields('1;"open', ';')).toBeUndefined();
  });

  it('parses numbers with the chosen decimal separator and an optional exponent', () => {
    expect(parseNumber(' 12.5 ', '.')).toBe(12.5);
    expect(parseNumber('-1.5e3', '.')).toBe(-1500);
    expect(parseNumber('.5', '.')).toBe(0.5);
    expect(parseNumber('12,5', ',')).toBe(12.5);
    expect(parseNumber('-0,25E-2', ',')).toBe(-0.0025);
    expect(parseNumber('7', ',')).toBe(7);
  });

  it('refuses text, thousands separators, the wrong decimal separator and non-finite numbers', () => {
    expect(parseNumber('12,5', '.')).toEqual({ problem: 'invalid-number' });
    expect(parseNumber('12.5', ',')).toEqual({ problem: 'invalid-number' });
    expect(parseNumber('1.234,5', ',')).toEqual({ problem: 'invalid-number' });
    expect(parseNumber('abc', '.')).toEqual({ problem: 'invalid-number' });
    expect(parseNumber('0x10', '.')).toEqual({ problem: 'invalid-number' });
    expect(parseNumber('NaN', '.')).toEqual({ problem: 'not-finite' });
    expect(parseNumber('-Infinity', '.')).toEqual({ problem: 'not-finite' });
    expect(parseNumber('1e999', '.')).toEqual({ problem: 'not-finite' });
  });

  it('reads epoch timestamps as milliseconds from 1e11 up, as seconds below', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(parseRowTime(String(t), 'timestamp', '.', WINDOW)).toBe(t);
    expect(parseRowTime(String(t / 1000), 'timestamp', '.', WINDOW)).toBe(t);
    expect(parseRowTime(`${t / 1000}.25`, 'timestamp', '.', WINDOW)).toBe(t + 250);
    expect(parseRowTime(`${t / 1000},5`, 'timestamp', ',', WINDOW)).toBe(t + 500);
    expect(parseRowTime('1e11', 'timestamp', '.', { ...WINDOW, earliestKept: 0 })).toBe(1e11);
    expect(parseRowTime('99999999999', 'timestamp', '.', WINDOW)).toEqual({ problem: 'time-in-future' });
  });

  it('reads ISO 8601 and "YYYY-MM-DD HH:mm:ss" datetimes, UTC unless an offset is given', () => {
    const t = Date.UTC(2026, 0, 31, 8, 30, 15);
    expect(parseRowTime('2026-01-31 08:30:15', 'datetime', '.', WINDOW)).toBe(t);
    expect(parseRowTime('2026-01-31T08:30:15', 'datetime', '.', WINDOW)).toBe(t);
    expect(parseRowTime('2026-01-31T08:30:15Z', 'datetime', '.', WINDOW)).toBe(t);
    expect(parseRowTime('2026-01-31T09:30:15+01:00', 'datetime', '.', WINDOW)).toBe(t);
    expect(parseRowTime('2026-01-31T03:30:15-0500', 'datetime', '.', WINDOW)).toBe(t);
    expect(parseRowTime('2026-01-31 08:30:15.250', 'datetime', '.', WINDOW)).toBe(t + 250);
    expect(parseRowTime('2026-01-31 08:30', 'datetime', '.', WINDOW)).toBe(t - 15_000);
    expect(parseRowTime('2026-01-31', 'datetime', '.', WINDOW)).toBe(Date.UTC(2026, 0, 31));
  });

  it('reads day-first European dates as UTC', () => {
    expect(parseRowTime('31/01/2026 08:30:15', 'datetime', '.', WINDOW)).toBe(
      Date.UTC(2026, 0, 31, 8, 30, 15),
    );
    expect(parseRowTime('1/2/2026', 'datetime', '.', WINDOW)).toBe(Date.UTC(2026, 1, 1));
  });

  it('refuses impossible dates, times outside what the store keeps, and text', () => {
    expect(parseRowTime('2026-02-30 00:00:00', 'datetime', '.', WINDOW)).toEqual({ problem: 'invalid-time' });
    expect(parseRowTime('2026-01-01 24:00:00', 'datetime', '.', WINDOW)).toEqual({ problem: 'invalid-time' });
    expect(parseRowTime('01/31/2026', 'datetime', '.', WINDOW)).toEqual({ problem: 'invalid-time' });
    expect(parseRowTime('yesterday', 'datetime', '.', WINDOW)).toEqual({ problem: 'invalid-time' });
    expect(parseRowTime('soon', 'timestamp', '.', WINDOW)).toEqual({ problem: 'invalid-time' });
    expect(parseRowTime('1969-12-31 23:59:59', 'datetime', '.', WINDOW)).toEqual({
      problem: 'time-before-1970',
    });
    expect(parseRowTime('-5', 'timestamp', '.', WINDOW)).toEqual({ problem: 'time-before-1970' });
    expect(parseRowTime('2024-12-31 23:59:59', 'datetime', '.', WINDOW)).toEqual({
      problem: 'time-before-retention',
    });
    expect(parseRowTime('2026-06-03 00:00:00', 'datetime', '.', WINDOW)).toEqual({
      problem: 'time-in-future',
    });
    // Up to a day ahead is a clock skew the store accepts.
    expect(parseRowTime('2026-06-01 23:00:00', 'datetime', '.', WINDOW)).toBe(Date.UTC(2026, 5, 1, 23));
  });
});
