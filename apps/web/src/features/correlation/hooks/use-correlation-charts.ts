import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, toLanguage } from '../../../config/languages';
import type { DateRange } from '../../../lib/date-ranges';
import { downloadTextFile } from '../../../lib/download-file';
import { CSV_FILE_NAME, correlationCsv } from '../../explorer/csv';
import type { AxisRange } from '../axis-range';
import { colourCharts } from '../chart-colouring';
import type { ChartPanel } from '../components/chart-grid';
import { MAX_CATEGORIES } from '../category-colouring';
import { buildCorrelationChartOptions } from '../correlation-chart-options';
import { correlationRequest, pairPoints, pointsInRanges, type PairPoints } from '../correlation-points';
import type { MeterScale, Pair, ZType } from '../correlation-query';
import { usePairData } from './use-pair-data';

export interface CorrelationChartsView {
  pairs: readonly Pair[];
  range: DateRange;
  z: { type: ZType | null; variableId: number | null };
  grid: boolean;
  meter: MeterScale;
  rangeX: AxisRange | null;
  rangeY: AxisRange | null;
  rangeZ: AxisRange | null;
}

/**
 * The charts of a correlation view (simple or multiple): one correlation-data call per pair, the points
 * inside the fixed ranges, their colouring, the chart panels, and the CSV download of one pair.
 */
export function useCorrelationCharts(view: CorrelationChartsView) {
  const { t, i18n } = useTranslation();
  const locale = LANGUAGE_TAGS[toLanguage(i18n.language)];
  const { pairs, range, z, grid, meter, rangeX, rangeY, rangeZ } = view;
  const zId = z.type ? z.variableId : null;
  const requests = useMemo(
    () => pairs.map((pair) => correlationRequest(pair, zId, range)),
    [pairs, zId, range],
  );
  const results = usePairData(requests);
  // An answer for the current range only (currentData): a new range shows the spinner, not the old points.
  const [first, second, third, fourth] = results.map((result) =>
    result.isError ? undefined : result.currentData,
  );
  const charts = useMemo(
    () =>
      [first, second, third, fourth].slice(0, pairs.length).map((data, index) => {
        const points = data ? pairPoints(data, pairs[index], zId) : null;
        return points && pointsInRanges(points, { rangeX, rangeY, rangeZ });
      }),
    [first, second, third, fourth, pairs, zId, rangeX, rangeY, rangeZ],
  );
  const colouring = useMemo(
    () =>
      colourCharts(charts, z.type, {
        meter,
        rangeZ,
        locale,
        otherCategoryLabel: t('correlation.chart.otherCategory'),
      }),
    [charts, z.type, meter, rangeZ, locale, t],
  );
  // Built once per answer or option: a new options object makes Highcharts redraw every point.
  const chartOptions = useMemo(
    () =>
      charts.map(
        (points, index) =>
          points &&
          buildCorrelationChartOptions(points, {
            colouring: colouring.charts[index],
            grid,
            rangeX,
            rangeY,
            locale,
          }),
      ),
    [charts, colouring, grid, rangeX, rangeY, locale],
  );

  const title = (points: PairPoints | null, index: number) =>
    points
      ? t('correlation.chart.pairTitle', { x: points.x.label, y: points.y.label })
      : t('correlation.variables.pair', { index: index + 1 });
  const panels = results.map((result, index): ChartPanel => {
    const points = charts[index];
    const key = `${pairs[index].x}-${pairs[index].y}`;
    const notice =
      colouring.tooManyCategories[index] && points?.z
        ? t('correlation.chart.tooManyCategories', { label: points.z.label, max: MAX_CATEGORIES })
        : undefined;
    const chart = chartOptions[index];
    if (result.isError) return { key, title: title(null, index), state: 'error', error: result.error };
    if (!points || !chart) return { key, title: title(null, index), state: 'loading' };
    if (points.xs.length === 0) return { key, title: title(points, index), notice, state: 'empty' };
    return { key, title: title(points, index), notice, state: 'ready', options: chart };
  });

  /** Saves the points of one chart as output.csv: X, Y and Z (when it is another variable). */
  const downloadCsv = (index: number) => {
    const points = charts[index];
    if (!points) return;
    const columns = [
      { ...points.x, values: points.xs },
      { ...points.y, values: points.ys },
      ...(points.z && points.zs && ![points.x.id, points.y.id].includes(points.z.id)
        ? [{ ...points.z, values: points.zs }]
        : []),
    ];
    const series = columns.map(({ label, unit, values }) => ({
      label,
      unit,
      points: points.timestamps.map((timestamp, i) => ({ timestamp, value: values[i] })),
    }));
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    downloadTextFile(correlationCsv(series, { locale, timeZone }), CSV_FILE_NAME);
  };

  return {
    panels,
    titles: charts.map(title),
    /** the titles of the charts drawn from bucket means */
    averaged: charts.flatMap((points, index) => (points?.sampled ? [title(points, index)] : [])),
    meter: colouring.meterLabels && {
      labels: colouring.meterLabels,
      zLabel: charts.find((points) => points?.z)?.z?.label ?? '',
    },
    /** points per chart, for the too-many-points rule */
    pointCounts: charts.map((points) => points?.xs.length ?? 0),
    hasData: charts.some((points) => points && points.xs.length > 0),
    /** every chart has its answer for the view in the address */
    loaded: results.every((result) => result.currentData !== undefined),
    refetch: () => results.forEach((result) => void result.refetch()),
    downloadCsv,
  };
}
