import { detectTimeColumn, detectTimeFormat, readTime, ZoneClock } from './csv-time';

const utc = new ZoneClock('UTC');
const read = (text: string, format: Parameters<typeof readTime>[1], clock = utc, previousTs = -Infinity) =>
  readTime(text, format, '.', clock, previousTs);

describe('CSV times', () => {
  it('reads epoch timestamps as milliseconds from 1e11 up, as seconds below', () => {
    const t = Date.UTC(2026, 0, 1);
    expect(read(String(t), 'epoch-milliseconds')).toBe(t);
    expect(read(String(t / 1000), 'epoch-seconds')).toBe(t);
    expect(read(`${t / 1000}.25`, 'epoch-seconds')).toBe(t + 250);
    expect(readTime(`${t / 1000},5`, 'epoch-seconds', ',', utc, -Infinity)).toBe(t + 500);
    expect(read('soon', 'epoch-seconds')).toEqual({ problem: 'invalid-time' });
  });

  it('reads ISO 8601 with or without T, with or without an offset', () => {
    const t = Date.UTC(2026, 0, 31, 8, 30, 15);
    expect(read('2026-01-31 08:30:15', 'iso')).toBe(t);
    expect(read('2026-01-31T08:30:15', 'iso')).toBe(t);
    expect(read('2026-01-31T08:30:15Z', 'iso')).toBe(t);
    expect(read('2026-01-31T09:30:15+01:00', 'iso')).toBe(t);
    expect(read('2026-01-31T03:30:15-0500', 'iso')).toBe(t);
    expect(read('2026-01-31 08:30:15.250', 'iso')).toBe(t + 250);
    expect(read('2026-01-31 08:30', 'iso')).toBe(t - 15_000);
    expect(read('2026-01-31', 'iso')).toBe(Date.UTC(2026, 0, 31));
  });

  it('reads day-first and month-first dates with /, - or . and an optional AM/PM', () => {
    const t = Date.UTC(2026, 0, 31, 8, 30, 15);
    expect(read('31/01/2026 08:30:15', 'day-first')).toBe(t);
    expect(read('31-01-2026 08:30:15', 'day-first')).toBe(t);
    expect(read('31.01.2026 08:30:15', 'day-first')).toBe(t);
    expect(read('1/2/2026', 'day-first')).toBe(Date.UTC(2026, 1, 1));
    expect(read('01/31/2026 08:30:15', 'month-first')).toBe(t);
    expect(read('1/31/2026 8:30:15 PM', 'month-first')).toBe(t + 12 * 3_600_000);
    expect(read('1/31/2026 12:00 AM', 'month-first')).toBe(Date.UTC(2026, 0, 31));
  });

  it('refuses impossible dates and text', () => {
    expect(read('2026-02-30 00:00:00', 'iso')).toEqual({ problem: 'invalid-time' });
    expect(read('2026-01-01 24:00:00', 'iso')).toEqual({ problem: 'invalid-time' });
    expect(read('01/31/2026', 'day-first')).toEqual({ problem: 'invalid-time' });
    expect(read('1/31/2026 13:00 PM', 'month-first')).toEqual({ problem: 'invalid-time' });
    expect(read('yesterday', 'iso')).toEqual({ problem: 'invalid-time' });
  });

  it('detects the format of a column from its cells', () => {
    expect(detectTimeFormat(['2013-12-02 21:15:00', '2013-12-02 21:20:00'], true)).toEqual({
      format: 'iso',
      ambiguousDayMonth: false,
    });
    expect(detectTimeFormat(['1700000000', '1700000060'], true)?.format).toBe('epoch-seconds');
    expect(detectTimeFormat(['1700000000000'], true)?.format).toBe('epoch-milliseconds');
    expect(detectTimeFormat(['31/01/2026 08:00', '01/02/2026 08:00'], true)).toEqual({
      format: 'day-first',
      ambiguousDayMonth: false,
    });
    expect(detectTimeFormat(['01/31/2026 08:00 PM', '02/01/2026 08:00 AM'], true)?.format).toBe(
      'month-first',
    );
    // Every date reads both ways: day first, flagged.
    expect(detectTimeFormat(['01/02/2026', '03/04/2026'], true)).toEqual({
      format: 'day-first',
      ambiguousDayMonth: true,
    });
    // Measured values are not epoch times.
    expect(detectTimeFormat(['0.0265878', '1250'], true)).toBeUndefined();
    expect(detectTimeFormat(['', ''], true)).toBeUndefined();
    // Strict: all cells; lenient: most of them.
    expect(detectTimeFormat(['2026-01-01', 'bad', '2026-01-02'], true)).toBeUndefined();
    expect(detectTimeFormat(['2026-01-01', 'bad', '2026-01-02'], false)?.format).toBe('iso');
  });

  it('finds the time column by content, preferring a header that names a time', () => {
    const rows = [['2013-12-02 21:15:00', '0.5', '2013-12-02 21:15:00']];
    expect(detectTimeColumn(['timestamp', 'value', 'other'], rows)?.index).toBe(0);
    expect(detectTimeColumn(['value', 'x', 'Fecha'], rows)?.index).toBe(2);
    expect(detectTimeColumn(['value', 'x', 'y'], rows)?.index).toBe(0);
    expect(detectTimeColumn(['pressure', 'flow'], [['1', '2']])).toBeUndefined();
  });

  it('reads local times in a zone, daylight-saving aware', () => {
    const madrid = new ZoneClock('Europe/Madrid');
    expect(read('2026-01-15 12:00:00', 'iso', madrid)).toBe(Date.UTC(2026, 0, 15, 11));
    expect(read('2026-07-15 12:00:00', 'iso', madrid)).toBe(Date.UTC(2026, 6, 15, 10));
    expect(madrid.used).toBe(true);
    // 29 March 2026: 02:00 → 03:00, so 02:30 does not exist.
    expect(read('2026-03-29 02:30:00', 'iso', madrid)).toEqual({ problem: 'time-in-dst-gap' });
    expect(read('2026-03-29 03:00:00', 'iso', madrid)).toBe(Date.UTC(2026, 2, 29, 1));
    // 25 October 2026: 03:00 → 02:00, so 02:30 happens twice.
    const first = Date.UTC(2026, 9, 25, 0, 30);
    const second = Date.UTC(2026, 9, 25, 1, 30);
    expect(read('2026-10-25 02:30:00', 'iso', madrid)).toBe(first);
    // The rows already went past the first 02:30 (they were at 02:59 summer time): the second pass.
    expect(read('2026-10-25 02:30:00', 'iso', madrid, Date.UTC(2026, 9, 25, 0, 59))).toBe(second);
    // A time with its own offset ignores the zone.
    expect(read('2026-07-15T12:00:00Z', 'iso', new ZoneClock('Europe/Madrid'))).toBe(
      Date.UTC(2026, 6, 15, 12),
    );
  });

  it('maps an hourly local export across the autumn change to distinct, increasing instants', () => {
    const madrid = new ZoneClock('Europe/Madrid');
    const local = ['00:00', '01:00', '02:00', '02:30', '02:00', '02:30', '03:00'];
    let previous = -Infinity;
    const instants = local.map((time) => {
      previous = read(`2026-10-25 ${time}:00`, 'iso', madrid, previous) as number;
      return previous;
    });
    expect(instants.map((ts) => new Date(ts).toISOString().slice(11, 16))).toEqual([
      '22:00',
      '23:00',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
    ]);
  });
});
