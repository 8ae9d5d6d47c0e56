import {
  VALVE_CURVE_STEPS,
  valveCurveOpeningLevel,
  type ActuationCurveDto,
  type IncidenceReviewDto,
  type ReferenceCurvesDto,
  type ValveOperation,
  type ValvePointDto,
} from '@plantlens/contracts';
import type {
  Options,
  PointOptionsObject,
  SeriesColumnOptions,
  SeriesLineOptions,
  SeriesScatterOptions,
  SeriesSplineOptions,
  XAxisOptions,
} from 'highcharts';
import { formatErrorTime, formatValveValue } from './valve-format';
import { isOverLimit } from './valve-rules';

// Spec part 2 §9: the valve charts have 100 x ticks.
export const VALVE_X_TICKS = 100;
export const OVER_LIMIT_COLOR = '#cf1322';
export const WITHIN_LIMIT_COLOR = '#10239e';
const NORMAL_COLOR = '#389e0d';
const LIMIT_COLOR = '#fa8c16';
const SIGNAL_COLORS = { flow: '#1677ff', pressure: '#722ed1', threshold: '#f5222d', temperature: '#fa8c16' };

/** 100 equal intervals from min to max: the tick positions of every valve chart */
export function valveTickPositions(min: number, max: number): number[] {
  const span = max > min ? max - min : 1;
  return Array.from(
    { length: VALVE_X_TICKS + 1 },
    (_, i) => Math.round((min + (span * i) / VALVE_X_TICKS) * 100) / 100,
  );
}

function valveXAxis(title: string, min: number, max: number): XAxisOptions {
  return {
    title: { text: title },
    min,
    max,
    tickPositions: valveTickPositions(min, max),
    // 101 ticks; a label on every tenth keeps them readable.
    labels: { step: 10, formatter: ({ value }) => formatValveValue(Number(value)) },
  };
}

const yLabels = { formatter: ({ value }: { value: number | string }) => formatValveValue(Number(value)) };

const baseOptions: Options = {
  credits: { enabled: false },
  title: { text: undefined },
  accessibility: { enabled: false },
};

export interface PairDeviationLabels {
  torque: string;
  normalCurve: string;
  limitCurve: string;
  openingLevel: string;
  /** shown on the chart when the valve has no learned normal curve */
  noNormalCurve: string;
}

// Each torque reading joined with the opening read at the same instant.
export function torqueByOpening(review: IncidenceReviewDto): { opening: number; torque: number }[] {
  const openingAt = new Map(review.openingValues.map(({ dateTime, value }) => [dateTime, value]));
  return review.pairValues.flatMap(({ dateTime, value }) => {
    const opening = openingAt.get(dateTime);
    return opening === undefined ? [] : [{ opening, torque: value }];
  });
}

// The pair deviation chart (spec §2, §9): torque bars by opening level, red where over the limit curve,
// dark blue otherwise; the learned normal curve as a smooth line, or a note that there is none.
export function buildPairDeviationOptions(
  review: IncidenceReviewDto,
  curves: ReferenceCurvesDto,
  operation: ValveOperation,
  labels: PairDeviationLabels,
): Options {
  const { limit, normal } = curves[operation];
  const bars: PointOptionsObject[] = torqueByOpening(review)
    .sort((a, b) => a.opening - b.opening)
    .map(({ opening, torque }) => ({
      x: opening,
      y: torque,
      color: isOverLimit(limit, opening, torque) ? OVER_LIMIT_COLOR : WITHIN_LIMIT_COLOR,
    }));
  // Normal values run over the opening axis from 100 down to 0.
  const normalPoints = (normal?.values ?? []).flatMap((value, index) =>
    value === null ? [] : [[valveCurveOpeningLevel(VALVE_CURVE_STEPS - index), value] as [number, number]],
  );
  const series: (SeriesColumnOptions | SeriesSplineOptions | SeriesLineOptions)[] = [
    {
      type: 'column',
      name: labels.torque,
      data: bars,
      color: WITHIN_LIMIT_COLOR,
      pointPadding: 0,
      groupPadding: 0,
    },
    {
      type: 'line',
      name: labels.limitCurve,
      data: limit.map(({ openingLevel, limit: value }) => [openingLevel, value]),
      color: LIMIT_COLOR,
      dashStyle: 'ShortDash',
      marker: { enabled: false },
      lineWidth: 1,
    },
  ];
  if (normal) {
    series.push({
      type: 'spline',
      name: labels.normalCurve,
      data: normalPoints.sort((a, b) => a[0] - b[0]),
      color: NORMAL_COLOR,
      marker: { enabled: false },
    });
  }
  return {
    ...baseOptions,
    subtitle: normal ? undefined : { text: labels.noNormalCurve, style: { color: LIMIT_COLOR } },
    xAxis: valveXAxis(labels.openingLevel, 0, 100),
    yAxis: { title: { text: labels.torque }, labels: yLabels },
    tooltip: { pointFormatter: pointValue },
    series,
  };
}

function pointValue(this: { series: { name: string }; y?: number | null }): string {
  return `${this.series.name}: <b>${formatValveValue(this.y ?? 0)}</b><br/>`;
}

export interface SignalLabels {
  flow: string;
  pressure: string;
  pressureThreshold: string;
  temperature: string;
  elapsed: string;
}

// Spec §9: each series' x is the time offset (s) from its own earliest point.
export function offsetSeries(points: readonly ValvePointDto[]): [number, number][] {
  if (points.length === 0) return [];
  const earliest = Math.min(...points.map(({ dateTime }) => dateTime));
  return points
    .map(({ dateTime, value }): [number, number] => [dateTime - earliest, value])
    .sort((a, b) => a[0] - b[0]);
}

export function buildSignalsOptions(review: IncidenceReviewDto, labels: SignalLabels): Options {
  const flow = offsetSeries(review.flowValues);
  const pressure = offsetSeries(review.pressureValues);
  const threshold = offsetSeries(review.pressureThresholdValues);
  const temperature = offsetSeries(review.temperatureValues);
  const maxX = Math.max(1, ...[flow, pressure, threshold, temperature].flatMap((s) => s.map(([x]) => x)));
  const series: (SeriesLineOptions | SeriesScatterOptions)[] = [
    { type: 'line', name: labels.flow, data: flow, yAxis: 0, color: SIGNAL_COLORS.flow },
    {
      type: 'scatter',
      name: labels.pressureThreshold,
      data: threshold,
      yAxis: 1,
      color: SIGNAL_COLORS.threshold,
      marker: { radius: 2 },
    },
    { type: 'line', name: labels.pressure, data: pressure, yAxis: 1, color: SIGNAL_COLORS.pressure },
    { type: 'line', name: labels.temperature, data: temperature, yAxis: 2, color: SIGNAL_COLORS.temperature },
  ];
  return {
    ...baseOptions,
    xAxis: valveXAxis(labels.elapsed, 0, maxX),
    yAxis: [
      { title: { text: labels.flow }, labels: yLabels },
      { title: { text: labels.pressure }, labels: yLabels, opposite: true },
      { title: { text: labels.temperature }, labels: yLabels, opposite: true },
    ],
    plotOptions: { line: { marker: { enabled: false } } },
    tooltip: { shared: true, pointFormatter: pointValue },
    series,
  };
}

export interface HistoricLabels {
  openingDegree: string;
  actuationPair: string;
}

export interface TooltipRow {
  name: string;
  value: number;
  /** epoch seconds of the reading */
  dateTime: number | undefined;
}

// Spec §2: the historic tooltip lists the actuations at that opening by value, highest first.
export function historicTooltipRows(rows: readonly TooltipRow[]): TooltipRow[] {
  return [...rows].sort((a, b) => b.value - a.value);
}

export function historicTooltipHtml(rows: readonly TooltipRow[]): string {
  return historicTooltipRows(rows)
    .map(
      ({ name, value, dateTime }) =>
        `${name}${dateTime === undefined ? '' : ` (${formatErrorTime(dateTime)})`}: <b>${formatValveValue(value)}</b>`,
    )
    .join('<br/>');
}

// The historic analysis (spec §2): one spline per actuation, x the opening degree, y the torque.
export function buildHistoricOptions(
  actuations: readonly ActuationCurveDto[],
  labels: HistoricLabels,
): Options {
  const series: SeriesSplineOptions[] = actuations.map(({ actuationPair, openingDegree }) => ({
    type: 'spline',
    name: formatErrorTime(actuationPair[0]?.dateTime ?? 0),
    marker: { enabled: false },
    data: actuationPair.flatMap(({ dateTime, value }, index) => {
      const opening = openingDegree[index];
      return opening ? [{ x: opening.value, y: value, custom: { dateTime } }] : [];
    }),
  }));
  return {
    ...baseOptions,
    legend: { enabled: series.length <= 20 },
    xAxis: valveXAxis(labels.openingDegree, 0, 100),
    yAxis: { title: { text: labels.actuationPair }, labels: yLabels },
    tooltip: {
      shared: true,
      formatter() {
        return historicTooltipHtml(
          (this.points ?? []).map((point) => ({
            name: point.series.name,
            value: point.y ?? 0,
            dateTime: (point.options.custom as { dateTime?: number } | undefined)?.dateTime,
          })),
        );
      },
    },
    series,
  };
}
