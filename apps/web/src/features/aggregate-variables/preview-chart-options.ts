import type { AggregatePreviewDto, SeriesDto } from '@plantlens/contracts';
import type { Options, SeriesLineOptions } from 'highcharts';
import { set1Colors } from '../../lib/palette';

export interface PreviewChartInput {
  /** the aggregate being defined: its name in the form, or a generic label while it has none */
  label: string;
  preview: AggregatePreviewDto;
  /** the inputs over the same window, as the explorer reads them */
  inputs: readonly SeriesDto[];
  locale: string;
}

// The preview beside the form: the aggregate drawn thick on its own axis (right), its inputs thin on the
// left one, so a wrong operand or operator shows at a glance before anything is saved.
export function previewChartOptions({ label, preview, inputs, locale }: PreviewChartInput): Options {
  const colours = set1Colors(inputs.length + 1);
  const aggregate: SeriesLineOptions = {
    type: 'line',
    name: label,
    yAxis: 1,
    lineWidth: 2.5,
    color: colours[0],
    data: preview.points.map(([ms, value]) => [ms, value]),
  };
  const inputSeries = inputs.map((input, index): SeriesLineOptions => ({
    type: 'line',
    name: input.metadata.label,
    yAxis: 0,
    lineWidth: 1,
    color: colours[index + 1],
    // timeline points are in epoch seconds (spec part 2 §3)
    data: input.data.map(({ timestamp, value }) => [timestamp * 1000, value]),
  }));
  return {
    chart: { height: 260, animation: false, zooming: { type: 'x' } },
    lang: { locale },
    title: { text: undefined },
    credits: { enabled: false },
    accessibility: { enabled: false },
    legend: { enabled: true },
    xAxis: { type: 'datetime', min: preview.fromMs, max: preview.toMs },
    yAxis: [{ title: { text: undefined } }, { title: { text: undefined }, opposite: true }],
    plotOptions: { series: { animation: false, marker: { enabled: false } } },
    series: [aggregate, ...inputSeries],
  };
}
