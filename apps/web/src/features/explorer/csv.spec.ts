/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { correlationCsv, evolutionCsv, type CsvSeries } from './csv';

// Around the switch to summer time in Madrid (31 March 2024, 02:00 CET became 03:00 CEST at 01:00 UTC).
const temperature: CsvSeries = {
  label: 'Temperatura salida',
  unit: '°C',
  points: [
    { timestamp: 1_711_846_790, value: 21.5 },
    { timestamp: 1_711_846_800, value: -3.25 },
    { timestamp: 1_711_846_810, value: 22 },
  ],
};
// A label holding the separator and quotes, and values whose plain text form has no decimal separator.
const pressure: CsvSeries = {
  label: 'Presión; "caldera"',
  unit: null,
  points: [
    { timestamp: 1_711_846_800, value: 4.2 },
    { timestamp: 1_711_846_805, value: 1e-7 },
    { timestamp: 1_711_846_810, value: 1_000_000 },
  ],
};
// Two values at one instant: the later one holds.
const pump: CsvSeries = {
  label: 'Marcha bomba',
  unit: null,
  points: [
    { timestamp: 1_711_846_810, value: 0 },
    { timestamp: 1_711_846_810, value: 1 },
  ],
};

const bytes = (text: string) => Buffer.from(new TextEncoder().encode(text));
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

describe('evolutionCsv', () => {
  it('writes a row per distinct timestamp with empty cells, in Spanish (decimal comma, Madrid time)', () => {
    const csv = evolutionCsv([temperature, pressure, pump], { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('evolution-es-ES.csv'));
  });

  it('uses the decimal point and the given zone in English', () => {
    const csv = evolutionCsv([temperature, pressure, pump], { locale: 'en-GB', timeZone: 'UTC' });
    expect(bytes(csv)).toEqual(fixture('evolution-en-GB.csv'));
  });

  it('sorts rows by time whatever the order of the points', () => {
    const shuffled = { ...temperature, points: [...temperature.points].reverse() };
    const csv = evolutionCsv([shuffled, pressure, pump], { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('evolution-es-ES.csv'));
  });

  it('writes the mean of a reduced series with 6 significant digits, capped by the unit', () => {
    const means: CsvSeries[] = [
      { label: 'T', unit: null, points: [{ timestamp: 1_711_846_800, value: 244.87335380240734 }] },
      { label: 'P', unit: 'bar', points: [{ timestamp: 1_711_846_800, value: 4.123456789012345 }] },
    ];
    const csv = evolutionCsv(means, { locale: 'es-ES', timeZone: 'UTC' });
    expect(csv.split('\r\n')[1]).toBe('1711846800;2024-03-31 01:00:00;244,873;4,123');
  });
});

describe('correlationCsv', () => {
  it('keeps only the rows where every variable has a value', () => {
    const csv = correlationCsv([temperature, pressure], { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('correlation-es-ES.csv'));
  });

  // X, Y and Z of a correlation chart: a fractional timestamp, a Y point where X and Z have none, rows on
  // both sides of the switch to summer time.
  const x: CsvSeries = {
    label: 'Temperatura salida',
    unit: null,
    points: [
      { timestamp: 1_711_843_190, value: 21.5 },
      { timestamp: 1_711_846_800, value: -3.25 },
      { timestamp: 1_711_846_810, value: 22 },
      { timestamp: 1_711_846_820.25, value: 1e-7 },
    ],
  };
  const y: CsvSeries = {
    label: 'Presión; "caldera"',
    unit: 'bar',
    points: [
      { timestamp: 1_711_843_190, value: 4.2 },
      { timestamp: 1_711_846_800, value: 1_000_000 },
      { timestamp: 1_711_846_805, value: 0.5 },
      { timestamp: 1_711_846_820.25, value: 2 },
    ],
  };
  const z: CsvSeries = {
    label: 'Válvula',
    unit: null,
    points: [
      { timestamp: 1_711_843_190, value: 0.125 },
      { timestamp: 1_711_846_800, value: 1 },
      { timestamp: 1_711_846_810, value: 7 },
      { timestamp: 1_711_846_820.25, value: 3 },
    ],
  };

  it('writes the complete rows of three variables in Spanish: decimal comma, Madrid time', () => {
    const csv = correlationCsv([x, y, z], { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('correlation-three-variables-es-ES.csv'));
  });

  it('uses the decimal point and the given zone in English', () => {
    const csv = correlationCsv([x, y, z], { locale: 'en-GB', timeZone: 'UTC' });
    expect(bytes(csv)).toEqual(fixture('correlation-three-variables-en-GB.csv'));
  });

  it('sorts the rows by time whatever the order of the points', () => {
    const reversed = [x, y, z].map((series) => ({ ...series, points: [...series.points].reverse() }));
    const csv = correlationCsv(reversed, { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('correlation-three-variables-es-ES.csv'));
  });

  it('writes the byte-order mark and the header alone when no row is complete', () => {
    const beforePump = { ...temperature, points: temperature.points.slice(0, 2) };
    const csv = correlationCsv([beforePump, pump], { locale: 'en-GB', timeZone: 'UTC' });
    expect(bytes(csv)).toEqual(bytes('\uFEFFtimestamp;datetime;Temperatura salida;Marcha bomba\r\n'));
  });
});
