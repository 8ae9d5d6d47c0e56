import { fitToPlotArea } from './plot-area-canvas';
import type { Chart, Series } from 'highcharts';

// Large line charts are traced on a 2-D canvas under the chart's SVG instead of as SVG paths: the browser's
// parsing and painting of 9 paths of ~3 900 points each (and as many tracker copies) was most of the time
// of a year's evolution chart (docs/benchmarks.md §4). Highcharts keeps everything else: it still gets every
// point (tooltips, hover marker, zoom, legend, axes), only the line's SVG path is not built. The canvas traces
// the path Highcharts would have drawn, through each point's own plotX/plotY, so the line stays exact.

/** The class of the canvas; its `data-lines` lists the path commands traced per visible line, in order. */
export const LINES_CANVAS_CLASS = 'canvas-lines';

/** Series option `custom.canvasLine`: this series' line is traced on the canvas, not drawn in SVG. */
export interface CanvasLineCustom {
  canvasLine?: boolean;
}

/** The part of a canvas context the tracing uses (a test can record the calls). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** A point as Highcharts placed it in the plot area; a null value has no plotY. */
export interface PlacedPoint {
  plotX?: number;
  plotY?: number;
  isNull?: boolean;
}

/**
 * Traces the line through the points as Highcharts' line series builds its SVG path (getGraphPath): a move
 * to the first point and after each null (a gap), then to each next point either a straight segment or, with
 * `step` "left" (or true), a horizontal then a vertical one (the value holds until the next point); "right"
 * and "center" as Highcharts draws them. Returns how many commands it traced (M and L, as in the SVG path).
 */
export function traceLine(sink: PathSink, points: readonly PlacedPoint[], step?: string | boolean): number {
  let commands = 0;
  let previous: { x: number; y: number } | undefined;
  for (const point of points) {
    const { plotX: x, plotY: y } = point;
    if (point.isNull || typeof x !== 'number' || typeof y !== 'number') {
      previous = undefined;
      continue;
    }
    if (!previous) {
      sink.moveTo(x, y);
      commands += 1;
    } else if (step === 'right') {
      sink.lineTo(previous.x, y);
      sink.lineTo(x, y);
      commands += 2;
    } else if (step === 'center') {
      const middle = (previous.x + x) / 2;
      sink.lineTo(middle, previous.y);
      sink.lineTo(middle, y);
      sink.lineTo(x, y);
      commands += 3;
    } else if (step) {
      sink.lineTo(x, previous.y);
      sink.lineTo(x, y);
      commands += 2;
    } else {
      sink.lineTo(x, y);
      commands += 1;
    }
    previous = { x, y };
  }
  return commands;
}

function isCanvasLine(series: Series): boolean {
  return (series.options.custom as CanvasLineCustom | undefined)?.canvasLine === true;
}

/**
 * Paints every visible series marked `custom.canvasLine` on the chart's canvas, sized to the plot area at
 * the screen's pixel ratio and laid under the SVG (the chart's background must be transparent), so the
 * tooltip, hover marker, crosshair and zoom selection stay above the lines. No such series: no canvas.
 * Meant for the chart's `render` event, so zooming, resizing and the legend repaint it.
 */
export function paintCanvasLines(chart: Chart): void {
  const { container } = chart;
  let canvas = container.querySelector<HTMLCanvasElement>(`canvas.${LINES_CANVAS_CLASS}`);
  const lines = chart.series.filter(isCanvasLine);
  if (lines.length === 0) {
    canvas?.remove();
    return;
  }
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.className = LINES_CANVAS_CLASS;
    // Under the SVG in the container's stacking context (Highcharts gives the container z-index 0), and
    // letting the mouse through to the chart.
    Object.assign(canvas.style, { position: 'absolute', zIndex: '-1', pointerEvents: 'none' });
    container.insertBefore(canvas, container.firstChild);
  }
  const ratio = fitToPlotArea(canvas, chart);
  const context = canvas.getContext('2d');
  const traced: number[] = [];
  if (context) {
    context.scale(ratio, ratio);
    // As Highcharts strokes its lines (round caps and joins).
    context.lineCap = 'round';
    context.lineJoin = 'round';
    for (const series of lines) {
      if (!series.visible) continue;
      const { step, lineWidth = 2 } = series.options as { step?: string | boolean; lineWidth?: number };
      const path = new Path2D();
      traced.push(traceLine(path, series.points, step));
      context.strokeStyle = String(series.color);
      const hairlines = step ? hairlineOffsets(lineWidth * ratio) : [];
      if (hairlines.length === 0) {
        context.lineWidth = lineWidth;
        context.stroke(path);
        continue;
      }
      context.lineWidth = 1 / ratio;
      for (const offset of hairlines) {
        context.save();
        context.translate(offset / ratio, offset / ratio);
        context.stroke(path);
        context.restore();
      }
    }
  }
  canvas.dataset.lines = traced.join(',');
}

/**
 * Chromium strokes a line wider than one device pixel through Skia's path stroker, joins and all: the 52 000
 * segments of a year's 9 step lines took ~250 ms there, against ~17 ms as lines one device pixel wide
 * (hairlines), which take a fast path (docs/benchmarks.md §4). A step line is made of horizontal and vertical
 * segments only, so hairlines shifted diagonally half a pixel apart cover the band the wide stroke covers:
 * across the horizontal segments they stack up, across the vertical ones side by side. The offsets, in device
 * pixels, of the hairlines a step line `deviceWidth` pixels wide is painted as: 3 for the usual 2 pixels; none
 * (stroke it) above 2 pixels, where their number would cost what the stroker does.
 */
export function hairlineOffsets(deviceWidth: number): number[] {
  if (deviceWidth > 2) return [];
  const count = Math.max(1, Math.round((deviceWidth - 1) / 0.5) + 1);
  return Array.from({ length: count }, (_, index) => (index - (count - 1) / 2) / 2);
}

// The namespace's typings do not declare seriesTypes; at run time it holds every registered series class.
interface HighchartsWithLines {
  wrap(object: object, method: string, func: (this: Series, proceed: () => void) => void): void;
}

let registered = false;

/**
 * Teaches Highcharts' line series to skip its SVG path (and the tracker copy of it) when the series is marked
 * `custom.canvasLine`, removing one left from before; the tooltip still finds points by the mouse's position
 * (line series track stickily). Once per Highcharts namespace.
 */
export function registerCanvasLines(highcharts: HighchartsWithLines): void {
  const { line } = (highcharts as { seriesTypes?: { line?: { prototype: object } } }).seriesTypes ?? {};
  if (registered || !line) return;
  registered = true;
  highcharts.wrap(line.prototype, 'drawGraph', function drawGraph(this: Series, proceed: () => void) {
    if (!isCanvasLine(this)) {
      proceed.call(this);
      return;
    }
    const drawn = this as unknown as {
      graph?: { destroy(): void };
      tracker?: { destroy(): void };
      graphPath?: unknown[];
    };
    drawn.graph?.destroy();
    drawn.graph = undefined;
    drawn.tracker?.destroy();
    drawn.tracker = undefined;
    drawn.graphPath = [];
  });
}
