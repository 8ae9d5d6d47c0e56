// Measured values as people read them and as files keep them. Stored values are doubles, and the reduced
// points of a chart are means, so a reading such as 244.87335380240734 °C carries 14 meaningless decimals.
// One rule serves the chart tooltips, the axis labels and the CSV files: a fixed number of significant
// digits, so the decimals follow the magnitude (244.9, 4.214, 0.01235), capped by the resolution of the
// unit where plant sensors are known not to resolve further (0.01 °C, 0.001 bar).

/** Digits a reader compares on screen, and digits kept in a downloaded file (a little more, for analysis). */
export const SIGNIFICANT_DIGITS = { screen: 4, file: 6 } as const;
export type Precision = keyof typeof SIGNIFICANT_DIGITS;

// Decimals no sensor of that unit resolves; units not listed follow the significant digits alone.
const UNIT_MAX_DECIMALS: Readonly<Record<string, number>> = {
  '°C': 2,
  ºC: 2,
  K: 2,
  '%': 2,
  bar: 3,
  'm3/h': 2,
  'm³/h': 2,
  't/h': 3,
  'N·m': 1,
};

// Past this many decimals a value is noise around zero for every unit the plant measures.
const MAX_DECIMALS = 12;

/** How many decimals a value keeps: by its magnitude, then capped by its unit. */
export function measurementDecimals(value: number, unit: string | null, precision: Precision): number {
  const magnitude = Math.abs(value);
  const integerDigits = magnitude === 0 ? 1 : Math.floor(Math.log10(magnitude)) + 1;
  const byMagnitude = Math.min(MAX_DECIMALS, Math.max(0, SIGNIFICANT_DIGITS[precision] - integerDigits));
  const cap = unit === null ? undefined : UNIT_MAX_DECIMALS[unit.trim()];
  return cap === undefined ? byMagnitude : Math.min(byMagnitude, cap);
}

/** A value for the screen, in the user's language: "244,9 °C", "1.234,5 bar" (es-ES), "244.9 °C" (en-GB). */
export function formatMeasurement(value: number, unit: string | null, locale: string): string {
  const decimals = measurementDecimals(value, unit, 'screen');
  const number = numberFormat(locale, decimals, true).format(value);
  return unit?.trim() ? `${number} ${unit.trim()}` : number;
}

/** A value for a CSV cell: no grouping, never an exponent, the given decimal separator ("244,873"). */
export function formatMeasurementCell(value: number, unit: string | null, decimalSeparator: string): string {
  const decimals = measurementDecimals(value, unit, 'file');
  return numberFormat('en-US', decimals, false).format(value).replace('.', decimalSeparator);
}

/**
 * An axis label: as many decimals as the step between ticks needs (0.25 → 2), so every label of an axis
 * has the same number of decimals ("0,50", "0,75", "1,00"), in the user's language.
 */
export function formatAxisTick(value: number, tickInterval: number, locale: string): string {
  const decimals = decimalsOfStep(tickInterval);
  return numberFormat(locale, decimals, true, decimals).format(value);
}

/** The decimal separator of a language: "," for es-ES, "." for en-GB. */
export function decimalSeparatorOf(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find(({ type }) => type === 'decimal')?.value ?? '.'
  );
}

function decimalsOfStep(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 0;
  for (let decimals = 0; decimals < MAX_DECIMALS; decimals += 1) {
    const scaled = step * 10 ** decimals;
    // Ticks are sums of binary fractions (0.1 + 0.2): compare with a tolerance, not exactly.
    if (Math.abs(scaled - Math.round(scaled)) < 1e-6) return decimals;
  }
  return MAX_DECIMALS;
}

// Intl formatters are costly to build and a chart formats thousands of values: one per setting.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(
  locale: string,
  maximumFractionDigits: number,
  useGrouping: boolean,
  minimumFractionDigits = 0,
): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}|${minimumFractionDigits}|${useGrouping}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits,
      minimumFractionDigits,
      useGrouping,
      // A value rounded to zero reads 0, not -0.
      signDisplay: 'negative',
    });
    formats.set(key, format);
  }
  return format;
}
