import { METER_COLORS, METER_LEVELS, meterExtent, meterLabels, meterLevel, meterValues } from './color-meter';

// WCAG 2 contrast ratio of a #rrggbb colour against white.
function contrastWithWhite(hex: string): number {
  const linear = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  return 1.05 / (luminance + 0.05);
}

describe('colour meter', () => {
  it('has 9 colours per scale', () => {
    expect(METER_COLORS.sequential).toHaveLength(METER_LEVELS);
    expect(METER_COLORS.divergent).toHaveLength(METER_LEVELS);
  });

  it.each(['sequential', 'divergent'] as const)(
    'draws every %s level at a contrast of 3:1 or more against the white plot, each level distinct',
    (scale) => {
      const faint = METER_COLORS[scale].filter((color) => contrastWithWhite(color) < 3);
      expect(faint).toEqual([]);
      expect(new Set(METER_COLORS[scale]).size).toBe(METER_LEVELS);
    },
  );

  it('spans the values, or the fixed range where a bound is fixed', () => {
    expect(meterExtent([3, -1, 7], null)).toEqual({ min: -1, max: 7 });
    expect(meterExtent([3, -1, 7], { min: 0, max: null })).toEqual({ min: 0, max: 7 });
    expect(meterExtent([3, -1, 7], { min: null, max: 100 })).toEqual({ min: -1, max: 100 });
    expect(meterExtent([], null)).toBeNull();
    expect(meterExtent([], { min: 0, max: 10 })).toEqual({ min: 0, max: 10 });
    // A fixed minimum above every value, with the maximum open: nothing sensible to span.
    expect(meterExtent([1, 2], { min: 5, max: null })).toBeNull();
  });

  it('labels 9 evenly spaced values with two decimals when the range is under 9', () => {
    expect(meterLabels({ min: 0, max: 4 }, 'en-GB')).toEqual([
      '0.00',
      '0.50',
      '1.00',
      '1.50',
      '2.00',
      '2.50',
      '3.00',
      '3.50',
      '4.00',
    ]);
    expect(meterLabels({ min: 0, max: 8.99 }, 'es-ES')[1]).toBe('1,12');
  });

  it('labels whole numbers from a range of 9 on, in the locale', () => {
    expect(meterLabels({ min: 0, max: 9 }, 'en-GB')).toEqual(['0', '1', '2', '3', '5', '6', '7', '8', '9']);
    expect(meterLabels({ min: 1000, max: 9000 }, 'es-ES')).toEqual([
      '1000',
      '2000',
      '3000',
      '4000',
      '5000',
      '6000',
      '7000',
      '8000',
      '9000',
    ]);
    expect(meterLabels({ min: 10000, max: 90000 }, 'en-GB')[0]).toBe('10,000');
  });

  it('puts a value at the nearest level, the ends beyond the extent', () => {
    const extent = { min: 0, max: 80 };
    expect(meterValues(extent)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect([0, 4.9, 5, 44, 80].map((value) => meterLevel(value, extent))).toEqual([0, 0, 1, 4, 8]);
    expect([-100, 1000].map((value) => meterLevel(value, extent))).toEqual([0, 8]);
    expect(meterLevel(5, { min: 5, max: 5 })).toBe(0);
  });
});
