import type { PerformanceSampleDto } from '@plantlens/contracts';
import { LANGUAGE_TAGS, toLanguage } from '../../config/languages';

const numberFormat = (language: string, options: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(LANGUAGE_TAGS[toLanguage(language)], options);

/** A count or rate, with one decimal only where it matters: "1,234", "12.5", "0.3". */
export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: value < 100 ? 1 : 0 }).format(value);
}

/** A lag or latency in the unit that reads best: "12 ms", "3.5 s", "4.2 min". */
export function formatDuration(seconds: number, language: string): string {
  const [unit, value] =
    seconds < 1
      ? (['millisecond', seconds * 1000] as const)
      : seconds < 120
        ? (['second', seconds] as const)
        : (['minute', seconds / 60] as const);
  return numberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** When a sample was taken, as a clock time in the user's language: "10:41:31". */
export function formatSampleTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(language)], { timeStyle: 'medium' }).format(
    new Date(iso),
  );
}

type SampleFigure = {
  [Key in keyof PerformanceSampleDto]: PerformanceSampleDto[Key] extends number | null ? Key : never;
}[keyof PerformanceSampleDto];

/** One figure of the history as a Highcharts time series: [epoch ms, value], null for a gap. */
export function timeSeries(history: PerformanceSampleDto[], figure: SampleFigure): [number, number | null][] {
  return history.map((sample) => [Date.parse(sample.at), sample[figure]]);
}
