import type { Series } from 'highcharts';
import {
  hairlineOffsets,
  registerCanvasLines,
  traceLine,
  type PathSink,
  type PlacedPoint,
} from './canvas-lines';

// Records the path as Highcharts writes an SVG path: commands with their coordinates.
function recorder(): PathSink & { path: string[] } {
  const path: string[] = [];
  return {
    path,
    moveTo: (x, y) => path.push(`M ${x} ${y}`),
    lineTo: (x, y) => path.push(`L ${x} ${y}`),
  };
}

const points: PlacedPoint[] = [
  { plotX: 0, plotY: 10 },
  { plotX: 5, plotY: 20 },
  { plotX: 9, plotY: 15 },
];

describe('traceLine', () => {
  it('traces a step-after line as Highcharts\' step "left": across at the old value, then up or down', () => {
    const sink = recorder();
    expect(traceLine(sink, points, 'left')).toBe(5);
    expect(sink.path).toEqual(['M 0 10', 'L 5 10', 'L 5 20', 'L 9 20', 'L 9 15']);
  });

  it('traces 2 × points − 1 commands for a step line through every point', () => {
    const many = Array.from({ length: 3_900 }, (_, i) => ({ plotX: i / 3, plotY: (i * 7) % 300 }));
    const sink = recorder();
    expect(traceLine(sink, many, true)).toBe(2 * many.length - 1);
    expect(sink.path).toHaveLength(2 * many.length - 1);
  });

  it('traces straight segments without a step', () => {
    const sink = recorder();
    expect(traceLine(sink, points)).toBe(3);
    expect(sink.path).toEqual(['M 0 10', 'L 5 20', 'L 9 15']);
  });

  it('traces the "right" and "center" steps as Highcharts does', () => {
    const right = recorder();
    traceLine(right, points.slice(0, 2), 'right');
    expect(right.path).toEqual(['M 0 10', 'L 0 20', 'L 5 20']);
    const center = recorder();
    traceLine(center, points.slice(0, 2), 'center');
    expect(center.path).toEqual(['M 0 10', 'L 2.5 10', 'L 2.5 20', 'L 5 20']);
  });

  it('leaves a gap at a null value and starts again at the next point', () => {
    const sink = recorder();
    const withNull: PlacedPoint[] = [points[0], { plotX: 3, isNull: true }, points[1], points[2]];
    expect(traceLine(sink, withNull, 'left')).toBe(4);
    expect(sink.path).toEqual(['M 0 10', 'M 5 20', 'L 9 20', 'L 9 15']);
  });

  it('traces nothing without points', () => {
    const sink = recorder();
    expect(traceLine(sink, [], 'left')).toBe(0);
    expect(sink.path).toEqual([]);
  });
});

describe('hairlineOffsets', () => {
  it('paints a 2-device-pixel step line as 3 hairlines half a pixel apart, centred on it', () => {
    expect(hairlineOffsets(2)).toEqual([-0.5, 0, 0.5]);
  });

  it('paints a 1-pixel line as one hairline, and strokes wider lines (a high-density screen)', () => {
    expect(hairlineOffsets(1)).toEqual([0]);
    expect(hairlineOffsets(0.8)).toEqual([0]);
    expect(hairlineOffsets(4)).toEqual([]);
  });
});

describe('registerCanvasLines', () => {
  // A stand-in for Highcharts: its wrap, and a line series class whose drawGraph draws an SVG path.
  let drawnInSvg: string[] = [];
  class LineSeries {
    graph?: { destroy(): void };
    tracker?: { destroy(): void };
    graphPath?: unknown[];
    constructor(
      public name: string,
      public options: { custom?: { canvasLine?: boolean } },
    ) {}
    drawGraph() {
      drawnInSvg.push(this.name);
      this.graphPath = ['M', 0, 0];
    }
  }
  const wrap = (object: object, method: string, func: (this: Series, proceed: () => void) => void) => {
    const target = object as Record<string, (...args: unknown[]) => unknown>;
    const proceed = target[method];
    target[method] = function wrapped(this: Series) {
      return func.call(this, () => proceed.call(this));
    };
  };
  registerCanvasLines({ wrap, seriesTypes: { line: LineSeries } } as unknown as Parameters<
    typeof registerCanvasLines
  >[0]);

  beforeEach(() => {
    drawnInSvg = [];
  });

  it('lets a series without the canvas mark draw its SVG line', () => {
    const series = new LineSeries('svg', {});
    series.drawGraph();
    expect(drawnInSvg).toEqual(['svg']);
    expect(series.graphPath).toEqual(['M', 0, 0]);
  });

  it('skips the SVG line of a canvas series and removes the line and tracker drawn before', () => {
    const destroyed: string[] = [];
    const series = new LineSeries('canvas', { custom: { canvasLine: true } });
    series.graph = { destroy: () => destroyed.push('graph') };
    series.tracker = { destroy: () => destroyed.push('tracker') };
    series.drawGraph();
    expect(drawnInSvg).toEqual([]);
    expect(destroyed).toEqual(['graph', 'tracker']);
    expect(series.graph).toBeUndefined();
    expect(series.tracker).toBeUndefined();
    expect(series.graphPath).toEqual([]);
  });
});
