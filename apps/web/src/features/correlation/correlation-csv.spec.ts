/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { correlationCsv, type CsvSeries } from './correlation-csv';

// Around the switch to summer time in Madrid (31 March 2024: 02:00 CET became 03:00 CEST at 01:00 UTC).
const temperature: CsvSeries = {
  label: 'Temperatura salida',
  points: [
    { timestamp: 1_711_843_190, value: 21.5 },
    { timestamp: 1_711_846_800, value: -3.25 },
    { timestamp: 1_711_846_810, value: 22 },
    { timestamp: 1_711_846_820.25, value: 1e-7 },
  ],
};
// A label with the separator and quotes; a point at an instant where X has none.
const pressure: CsvSeries = {
  label: 'Presión; "caldera"',
  points: [
    { timestamp: 1_711_843_190, value: 4.2 },
    { timestamp: 1_711_846_800, value: 1_000_000 },
    { timestamp: 1_711_846_805, value: 0.5 },
    { timestamp: 1_711_846_820.25, value: 2 },
  ],
};
const valve: CsvSeries = {
  label: 'Válvula',
  points: [
    { timestamp: 1_711_843_190, value: 0.125 },
    { timestamp: 1_711_846_800, value: 1 },
    { timestamp: 1_711_846_810, value: 7 },
    { timestamp: 1_711_846_820.25, value: 3 },
  ],
};

const bytes = (text: string) => Buffer.from(new TextEncoder().encode(text));
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name));

describe('correlationCsv', () => {
  it('writes the complete rows in Spanish: decimal comma, Madrid time, quoted label, BOM and CRLF', () => {
    const csv = correlationCsv([temperature, pressure, valve], {
      locale: 'es-ES',
      timeZone: 'Europe/Madrid',
    });
    expect(bytes(csv)).toEqual(fixture('correlation-es-ES.csv'));
  });

  it('uses the decimal point and the given zone in English', () => {
    const csv = correlationCsv([temperature, pressure, valve], { locale: 'en-GB', timeZone: 'UTC' });
    expect(bytes(csv)).toEqual(fixture('correlation-en-GB.csv'));
  });

  it('sorts the rows by time whatever the order of the points', () => {
    const reversed = [temperature, pressure, valve].map((series) => ({
      ...series,
      points: [...series.points].reverse(),
    }));
    const csv = correlationCsv(reversed, { locale: 'es-ES', timeZone: 'Europe/Madrid' });
    expect(bytes(csv)).toEqual(fixture('correlation-es-ES.csv'));
  });

  it('writes the byte-order mark and the header alone when no row is complete', () => {
    const late = { label: 'Late', points: [{ timestamp: 1, value: 1 }] };
    const csv = correlationCsv([temperature, late], { locale: 'en-GB', timeZone: 'UTC' });
    expect(bytes(csv)).toEqual(bytes('\uFEFFtimestamp;datetime;Temperatura salida;Late\r\n'));
  });
});
