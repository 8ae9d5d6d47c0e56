import {
  decimalSeparatorOf,
  formatAxisTick,
  formatMeasurement,
  formatMeasurementCell,
  measurementDecimals,
} from './measurement-format';

describe('measurementDecimals', () => {
  it.each([
    [244.87335380240734, null, 1],
    [4.213789, null, 3],
    [0.0123456, null, 5],
    [123_456.789, null, 0],
    [0, null, 3],
  ])('keeps 4 significant digits on screen: %p (unit %p) → %p decimals', (value, unit, decimals) => {
    expect(measurementDecimals(value, unit, 'screen')).toBe(decimals);
  });

  it('keeps 6 significant digits in files', () => {
    expect(measurementDecimals(244.87335380240734, null, 'file')).toBe(3);
  });

  it('caps the decimals at the resolution of known units', () => {
    expect(measurementDecimals(0.0123456, '°C', 'screen')).toBe(2);
    expect(measurementDecimals(0.0123456, 'bar', 'file')).toBe(3);
    expect(measurementDecimals(0.0123456, 'm', 'file')).toBe(7);
  });

  it('never keeps more than 12 decimals', () => {
    expect(measurementDecimals(1e-15, null, 'file')).toBe(12);
  });
});

describe('formatMeasurement', () => {
  it('writes the reading of the issue with 4 significant digits, in each language', () => {
    expect(formatMeasurement(244.87335380240734, '°C', 'es-ES')).toBe('244,9 °C');
    expect(formatMeasurement(244.87335380240734, '°C', 'en-GB')).toBe('244.9 °C');
  });

  it('groups thousands and drops trailing zeros', () => {
    expect(formatMeasurement(12_345.678, 'm3/h', 'es-ES')).toBe('12.346 m3/h');
    expect(formatMeasurement(12_345.678, 'm3/h', 'en-GB')).toBe('12,346 m3/h');
    expect(formatMeasurement(22, '°C', 'en-GB')).toBe('22 °C');
  });

  it('shows small values by their significant digits, and a rounded negative as 0', () => {
    expect(formatMeasurement(0.001234567, null, 'en-GB')).toBe('0.001235');
    expect(formatMeasurement(-0.004, '°C', 'en-GB')).toBe('0 °C');
    expect(formatMeasurement(-3.256, 'bar', 'es-ES')).toBe('-3,256 bar');
  });

  it('writes no unit when there is none', () => {
    expect(formatMeasurement(1, null, 'en-GB')).toBe('1');
    expect(formatMeasurement(1, '  ', 'en-GB')).toBe('1');
  });
});

describe('formatMeasurementCell', () => {
  it('keeps 6 significant digits without grouping, with the given separator', () => {
    expect(formatMeasurementCell(244.87335380240734, null, ',')).toBe('244,873');
    expect(formatMeasurementCell(1_234_567.891, null, '.')).toBe('1234568');
  });

  it('never writes an exponent', () => {
    expect(formatMeasurementCell(1e-7, null, '.')).toBe('0.0000001');
  });
});

describe('formatAxisTick', () => {
  it('gives every label of an axis the decimals of its step', () => {
    expect([0.5, 0.75, 1].map((value) => formatAxisTick(value, 0.25, 'es-ES'))).toEqual([
      '0,50',
      '0,75',
      '1,00',
    ]);
    expect(formatAxisTick(0.30000000000000004, 0.1, 'en-GB')).toBe('0.3');
    expect(formatAxisTick(2000, 500, 'en-GB')).toBe('2,000');
  });
});

describe('decimalSeparatorOf', () => {
  it('reads the separator of the language', () => {
    expect(decimalSeparatorOf('es-ES')).toBe(',');
    expect(decimalSeparatorOf('en-GB')).toBe('.');
  });
});
