import type { TimelineDataDto } from '@plantlens/contracts';
import type { Options, SeriesLineOptions, YAxisOptions } from 'highcharts';
import { set1Colors } from '../../lib/palette';

// The server sends at most 4 points per pixel (M4), so only large raw series switch to WebGL drawing.
const BOOST_THRESHOLD_POINTS = 10_000;

export interface EvolutionChartSettings {
  /** BCP 47 tag for Highcharts' Intl date and number formatting */
  locale: string;
  /** IANA zone the axis and tooltips show times in */
  timezone: string;
}

export function buildEvolutionChartOptions(
  timeline: TimelineDataDto,
  { locale, timezone }: EvolutionChartSettings,
): Options {
  const colors = set1Colors(timeline.variables.length);
  // One y axis per distinct unit, alternating sides, so variables measured in different units stay readable.
  const units = [...new Set(timeline.variables.map(({ metadata }) => metadata.unit ?? ''))];
  const yAxis: YAxisOptions[] = units.map((unit, index) => ({
    title: { text: unit || undefined },
    opposite: index % 2 === 1,
  }));

  const series: SeriesLineOptions[] = timeline.variables.map(({ metadata, data }, index) => ({
    type: 'line',
    id: String(metadata.id),
    name: metadata.label,
    color: colors[index],
    yAxis: units.indexOf(metadata.unit ?? ''),
    // Step-after: a measured value holds until the next one arrives.
    step: 'left',
    // Timeline timestamps are epoch seconds; Highcharts wants milliseconds.
    data: data.map(({ timestamp, value }) => [timestamp * 1000, value]),
    tooltip: { valueSuffix: metadata.unit ? ` ${metadata.unit}` : '' },
  }));

  return {
    title: { text: undefined },
    credits: { enabled: false },
    // The accessibility module is not loaded; this keeps Highcharts from warning about it.
    accessibility: { enabled: false },
    lang: { locale },
    time: { timezone },
    xAxis: { type: 'datetime', min: timeline.startDate, max: timeline.endDate },
    yAxis,
    tooltip: { xDateFormat: '%Y-%m-%d %H:%M:%S' },
    plotOptions: { series: { marker: { enabled: false }, boostThreshold: BOOST_THRESHOLD_POINTS } },
    series,
  };
}
