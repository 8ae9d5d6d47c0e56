import type { RuleDryRunResultDto } from '@plantlens/contracts';
import type { Dayjs, ManipulateType } from 'dayjs';
import type { Options, XAxisPlotBandsOptions, YAxisOptions } from 'highcharts';
import type { DateRange } from '../../lib/date-ranges';
import type { TimelineData } from '../explorer/api';
import { buildEvolutionChartOptions, type EvolutionChartSettings } from '../explorer/evolution-chart-options';
import { DEFAULT_EVOLUTION_OPTIONS } from '../explorer/explorer-query';

// "Try on history" of the rule form (issue 14): the quick ranges, the would-be incidences as plot bands
// over the explorer's chart of the rule's variables, and their durations.

export const DRY_RUN_PRESETS = {
  last24Hours: [24, 'hour'],
  last7Days: [7, 'day'],
  last30Days: [30, 'day'],
  lastYear: [1, 'year'],
} as const satisfies Record<string, [number, ManipulateType]>;
export type DryRunPreset = keyof typeof DRY_RUN_PRESETS;
export const DEFAULT_DRY_RUN_PRESET: DryRunPreset = 'last7Days';

/** A quick range: the given span up to now. */
export function dryRunPresetRange(preset: DryRunPreset, now: Dayjs): DateRange {
  const [amount, unit] = DRY_RUN_PRESETS[preset];
  return { startDate: now.subtract(amount, unit).valueOf(), endDate: now.valueOf() };
}

/** CSS classes of a would-be incidence's band and of the constant's line: tests and the e2e find them. */
export const DRY_RUN_BAND_CLASS = 'rule-dry-run-incidence';
export const DRY_RUN_THRESHOLD_CLASS = 'rule-dry-run-threshold';
// Orange: the first series of the explorer's palette is red.
const BAND_COLOR = 'rgba(250, 140, 22, 0.25)';
const THRESHOLD_COLOR = '#ff4d4f';

/**
 * Where the evaluation stopped: the range's end, or the instant a variable's points were cut at. An
 * incidence still open is drawn up to there.
 */
export function evaluatedUntil(result: RuleDryRunResultDto): number {
  return result.truncatedAt ?? result.to;
}

/** The incidences listed, each from its begin to its close (or to where the evaluation stopped). */
export function dryRunBands(result: RuleDryRunResultDto): { from: number; to: number }[] {
  const end = evaluatedUntil(result);
  return result.incidences.map(({ openedAt, closedAt }) => ({ from: openedAt, to: closedAt ?? end }));
}

export interface DryRunChartInput {
  /** the rule's variable(s) over the tried range, as the explorer reads them */
  timeline: TimelineData;
  result: RuleDryRunResultDto;
  /** the rule's constant, drawn as a line; null when it compares with a second variable */
  constant: number | null;
  settings: EvolutionChartSettings;
  /** the label of the constant's line */
  thresholdLabel: string;
}

// The explorer's evolution chart (default options: both variables on one axis, so the crossings read at a
// glance) with the bands and the constant added. The y axis stretches to hold the constant.
export function dryRunChartOptions({
  timeline,
  result,
  constant,
  settings,
  thresholdLabel,
}: DryRunChartInput): Options {
  const base = buildEvolutionChartOptions(timeline, DEFAULT_EVOLUTION_OPTIONS, settings);
  const plotBands = dryRunBands(result).map(({ from, to }): XAxisPlotBandsOptions => ({
    from,
    to,
    color: BAND_COLOR,
    className: DRY_RUN_BAND_CLASS,
  }));
  const [firstAxis, ...otherAxes] = (base.yAxis ?? []) as YAxisOptions[];
  const yAxis: YAxisOptions[] | undefined =
    constant === null || !firstAxis
      ? (base.yAxis as YAxisOptions[] | undefined)
      : [
          {
            ...firstAxis,
            softMin: constant,
            softMax: constant,
            plotLines: [
              {
                value: constant,
                className: DRY_RUN_THRESHOLD_CLASS,
                color: THRESHOLD_COLOR,
                dashStyle: 'Dash',
                width: 1,
                label: { text: thresholdLabel },
                zIndex: 3,
              },
            ],
          },
          ...otherAxes,
        ];
  return { ...base, xAxis: { ...base.xAxis, plotBands }, yAxis };
}

const DURATION_UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;

/** "1d 2h 5s", "45s" (es: "3h 20min"), in the user's language, to the second. */
export function formatIncidenceDuration(ms: number, locale: string): string {
  let rest = Math.max(0, Math.round(ms / 1000) * 1000);
  const parts: string[] = [];
  for (const [unit, size] of DURATION_UNITS) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0) {
      parts.push(
        new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(amount),
      );
    }
  }
  if (parts.length === 0) {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }).format(0);
  }
  return parts.join(' ');
}
