import {
  checkTimeWindow,
  detectDecimalSeparator,
  detectFieldSeparator,
  parseNumber,
  splitFields,
} from './csv-format';

const NOW = Date.UTC(2026, 5, 1);
// What the store accepts on NOW: raw points are kept from 2025 on, and up to a day ahead.
const WINDOW = { earliestKept: Date.UTC(2025, 0, 1), latestAllowed: NOW + 86_400_000 };

describe('CSV format', () => {
  it('takes the separator of the header: tab, then ";", then ","', () => {
    expect(detectFieldSeparator('timestamp;a;b', ['1;2;3'])).toBe(';');
    expect(detectFieldSeparator('timestamp,a,b', ['1,2,3'])).toBe(',');
    expect(detectFieldSeparator('timestamp\ta\tb', ['1\t2\t3'])).toBe('\t');
    expect(detectFieldSeparator('timestamp', ['1'])).toBe(',');
  });

  it('takes, among the separators of the header, the one that splits every sampled row alike', () => {
    // A ";" file whose header holds a "," inside a name; a "," file whose header holds a ";".
    expect(detectFieldSeparator('time;flow, m3/h;level', ['1;2,5;3', '2;3;4'])).toBe(';');
    expect(detectFieldSeparator('time,a;b,c', ['1,2,3', '2,3,4'])).toBe(',');
    // No separator fits every row: the first present.
    expect(detectFieldSeparator('time;a,b', ['1;2', '1,2,3'])).toBe(';');
  });

  it('detects the decimal separator from the value cells', () => {
    expect(detectDecimalSeparator(['0.0265878', '1', '2.5'], ';')).toBe('.');
    expect(detectDecimalSeparator(['1,5', '2', '-0,25'], ';')).toBe(',');
    expect(detectDecimalSeparator(['1,5', '2.5', '3,5'], ',')).toBe(',');
    // Whole numbers only: the custom of the field separator (either reads them).
    expect(detectDecimalSeparator(['1', '2'], ';')).toBe(',');
    expect(detectDecimalSeparator(['1', '2'], ',')).toBe('.');
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

  it('checks an instant against what the store keeps', () => {
    expect(checkTimeWindow(Date.UTC(2026, 0, 1), WINDOW)).toBe(Date.UTC(2026, 0, 1));
    expect(checkTimeWindow(-1, WINDOW)).toEqual({ problem: 'time-before-1970' });
    expect(checkTimeWindow(Date.UTC(2024, 11, 31), WINDOW)).toEqual({ problem: 'time-before-retention' });
    expect(checkTimeWindow(Date.UTC(2026, 5, 3), WINDOW)).toEqual({ problem: 'time-in-future' });
    // Up to a day ahead is a clock skew the store accepts.
    expect(checkTimeWindow(Date.UTC(2026, 5, 1, 23), WINDOW)).toBe(Date.UTC(2026, 5, 1, 23));
  });
});
