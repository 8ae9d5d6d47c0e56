import type { TimelineDataDto } from '@plantlens/contracts';
import type { Options, Point, SeriesLineOptions, SeriesScatterOptions, YAxisOptions } from 'highcharts';
import { paintCanvasLines, type CanvasLineCustom } from '../../components/canvas-lines';
import { escapeHtml } from '../../lib/escape-html';
import { formatAxisTick, formatMeasurement } from '../../lib/measurement-format';
import { set1Colors } from '../../lib/palette';
import type { EvolutionOptions } from './explorer-query';

// The server sends at most 4 points per pixel (M4), so only large raw series switch to WebGL drawing.
const BOOST_THRESHOLD_POINTS = 10_000;

// From this many points over all its lines, a chart of lines traces them on a canvas (components/canvas-lines.ts)
// instead of SVG paths: 9 SVG step lines of a year's ~3 900 points each took the browser ~1 s to parse and paint
// (docs/benchmarks.md §4). A few variables over a day or an hour stay in SVG, unchanged.
export const CANVAS_LINES_THRESHOLD_POINTS = 10_000;

// Spec part 2 §9: the evolution chart has 50 ticks.
export const EVOLUTION_TICKS = 50;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Tick steps a reader can add up; Highcharts aligns each one to whole units of the chart's time zone.
const TICK_STEPS_MS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  91 * DAY,
  182 * DAY,
  365 * DAY,
];

export interface EvolutionChartSettings {
  /** BCP 47 tag for Highcharts' Intl date and number formatting */
  locale: string;
  /** IANA zone the axis and tooltips show times in */
  timezone: string;
  /** called with the x extremes the user selected by dragging over the chart */
  onZoom?: (min: number, max: number) => void;
}

// The smallest readable step that keeps the range within EVOLUTION_TICKS ticks.
export function evolutionTickInterval(rangeMs: number): number {
  const wanted = rangeMs / EVOLUTION_TICKS;
  return TICK_STEPS_MS.find((step) => step >= wanted) ?? Math.ceil(wanted / (365 * DAY)) * 365 * DAY;
}

// Single axis applies only to a pair of variables (spec part 2 §4); other counts get one axis per unit.
export function singleAxisApplies(variableCount: number): boolean {
  return variableCount === 2;
}

export function buildEvolutionChartOptions(
  timeline: TimelineDataDto,
  options: EvolutionOptions,
  { locale, timezone, onZoom }: EvolutionChartSettings,
): Options {
  const { variables } = timeline;
  const colors = set1Colors(variables.length);
  const unitOf = (index: number) => variables[index].metadata.unit ?? '';
  const { axes, axisOf } = yAxesFor(
    variables.map((_, index) => unitOf(index)),
    options.singleAxis,
  );
  const lineWidth = options.grid ? 1 : 0;
  const canvasLines = usesCanvasLines(timeline, options);
  const yAxis: YAxisOptions[] = axes.map(({ title, opposite }, axisIndex) => {
    // An axis of one variable takes its colour, so a reader knows which scale a line is read on; an
    // axis shared by several stays neutral.
    const only = axisOf.filter((axis) => axis === axisIndex).length === 1;
    const color = only ? colors[axisOf.indexOf(axisIndex)] : undefined;
    return {
      // No `style` key at all without a colour: an undefined one replaces Highcharts' defaults, which its
      // label layout reads (style.width).
      title: { text: title || undefined, ...(color && { style: { color } }) },
      labels: {
        ...(color && { style: { color } }),
        formatter() {
          const [first = 0, second = first] = this.axis.tickPositions ?? [];
          return formatAxisTick(Number(this.value), second - first, locale);
        },
      },
      lineColor: color,
      lineWidth: color ? 1 : 0,
      opposite,
      gridLineWidth: lineWidth,
      ...(options.fixedRange && {
        min: options.fixedRange.min,
        max: options.fixedRange.max,
        // Exactly the bounds the user typed, not the next round tick.
        startOnTick: false,
        endOnTick: false,
      }),
    };
  });

  const series = variables.map(({ metadata, data }, index): SeriesLineOptions | SeriesScatterOptions => {
    const common = {
      id: String(metadata.id),
      name: metadata.label,
      color: colors[index],
      yAxis: axisOf[index],
      // Timeline timestamps are epoch seconds; Highcharts wants milliseconds.
      data: data.map(({ timestamp, value }) => [timestamp * 1000, value]),
      tooltip: {
        // Built from text, not a format string: a label may hold braces or markup.
        pointFormatter(this: Point) {
          const value = formatMeasurement(this.y ?? 0, metadata.unit, locale);
          return `<span style="color:${this.color}">●</span> ${escapeHtml(this.series.name)}: <b>${escapeHtml(value)}</b><br/>`;
        },
      },
    };
    return options.showPoints
      ? { ...common, type: 'scatter', marker: { enabled: true, radius: 2 } }
      : // Step-after: a measured value holds until the next one arrives.
        {
          ...common,
          type: 'line',
          step: 'left',
          custom: { canvasLine: canvasLines } satisfies CanvasLineCustom,
          // Hovering a line fades the others' SVG; a canvas line would not fade, so none does. The canvas
          // draws the exact line faster than the boost module's software WebGL, so no boost either.
          ...(canvasLines && { states: { inactive: { enabled: false } }, boostThreshold: 0 }),
        };
  });

  return {
    title: { text: undefined },
    credits: { enabled: false },
    // The accessibility module is not loaded; this keeps Highcharts from warning about it.
    accessibility: { enabled: false },
    lang: { locale },
    time: { timezone },
    chart: {
      animation: false,
      zooming: { type: 'x' },
      // The canvas of the lines lies under the SVG: its background must let it show.
      backgroundColor: canvasLines ? 'transparent' : '#ffffff',
      // Without a zoom handler nor a canvas, no events at all. Once set, the render event stays on an updated
      // chart (Highcharts merges), so a chart whose lines go back to SVG still removes its canvas.
      ...((onZoom || canvasLines) && {
        events: {
          render() {
            // Every render (zoom, resize, legend) repaints the canvas, or removes it when no line uses it.
            paintCanvasLines(this);
          },
          // The page turns a zoom into a new address (and a finer reload); the axis moves at once meanwhile.
          // Highcharts' own zoom is prevented, so no "Reset zoom" button offers a way back that Back gives.
          ...(onZoom && {
            selection(event) {
              const [selected] = event.xAxis ?? [];
              if (!selected) return true;
              selected.axis.setExtremes(selected.min, selected.max);
              onZoom(selected.min, selected.max);
              return false;
            },
          }),
        },
      }),
    },
    xAxis: {
      type: 'datetime',
      min: timeline.startDate,
      max: timeline.endDate,
      tickInterval: evolutionTickInterval(timeline.endDate - timeline.startDate),
      gridLineWidth: lineWidth,
    },
    yAxis,
    tooltip: { xDateFormat: '%Y-%m-%d %H:%M:%S' },
    plotOptions: {
      series: { animation: false, marker: { enabled: false }, boostThreshold: BOOST_THRESHOLD_POINTS },
    },
    series,
  };
}

// Lines (not points) of CANVAS_LINES_THRESHOLD_POINTS points or more over all variables go on the canvas.
export function usesCanvasLines(timeline: TimelineDataDto, options: EvolutionOptions): boolean {
  if (options.showPoints) return false;
  const points = timeline.variables.reduce((sum, { data }) => sum + data.length, 0);
  return points >= CANVAS_LINES_THRESHOLD_POINTS;
}

interface AxisPlan {
  axes: { title: string; opposite: boolean }[];
  /** the axis index of each variable */
  axisOf: number[];
}

function yAxesFor(units: string[], singleAxis: boolean): AxisPlan {
  if (singleAxisApplies(units.length)) {
    if (singleAxis) {
      return {
        axes: [{ title: [...new Set(units)].filter(Boolean).join(' · '), opposite: false }],
        axisOf: [0, 0],
      };
    }
    return { axes: units.map((title, index) => ({ title, opposite: index === 1 })), axisOf: [0, 1] };
  }
  // One axis per distinct unit, alternating sides, so variables in different units stay readable.
  const distinct = [...new Set(units)];
  return {
    axes: distinct.map((title, index) => ({ title, opposite: index % 2 === 1 })),
    axisOf: units.map((unit) => distinct.indexOf(unit)),
  };
}
