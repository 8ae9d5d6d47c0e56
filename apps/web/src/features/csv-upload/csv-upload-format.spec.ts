import { formatPointTime, reasonsByCount, separatorKey } from './csv-upload-format';

describe('CSV upload formatting', () => {
  it("writes a point's time in the user's language, to the second", () => {
    const epochMs = Date.UTC(2026, 0, 31, 8, 5, 9);
    const local = new Date(epochMs);
    const hms = [local.getHours(), local.getMinutes(), local.getSeconds()]
      .map((part) => String(part).padStart(2, '0'))
      .join(':');
    expect(formatPointTime(epochMs, 'en_GB')).toBe(`31/01/2026, ${hms}`);
    expect(formatPointTime(epochMs, 'es_ES')).toBe(`31/01/2026, ${hms}`);
  });

  it('names each separator by a key i18next can hold', () => {
    expect([',', ';', '\t', '.'].map((separator) => separatorKey(separator as ',')).join()).toBe(
      'comma,semicolon,tab,point',
    );
  });

  it('lists the reasons counted, most frequent first, without empty ones', () => {
    expect(reasonsByCount({ 'invalid-time': 2, 'invalid-number': 7, 'not-finite': 0 })).toEqual([
      { reason: 'invalid-number', count: 7 },
      { reason: 'invalid-time', count: 2 },
    ]);
  });
});
