import { fitToPlotArea } from '../../components/plot-area-canvas';
import type { Chart } from 'highcharts';

// Large scatters are painted on a 2-D canvas laid over the plot area instead of Highcharts' boost module:
// boost draws with WebGL and then copies the canvas into an SVG picture (toDataURL), and on a machine
// without a GPU that read-back of the software rasteriser was most of the time of a 100 000-point chart
// (docs/benchmarks.md §4). A 2-D canvas shown in place is neither read back nor encoded.

/** The points of one scatter series painted on the canvas, in its colour, by column: point i is (xs[i], ys[i]). */
export interface ScatterGroup {
  name: string;
  color: string;
  xs: readonly number[];
  ys: readonly number[];
}

/** The class of the canvas, and its `data-painted` attribute: how many points it shows. */
export const SCATTER_CANVAS_CLASS = 'correlation-points';

/** Smallest and largest X and Y over every group: the corners a hidden series gives the axes. */
export function scatterExtent(groups: readonly ScatterGroup[]): [number, number][] {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const { xs, ys } of groups) {
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i];
      const y = ys[i];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return minX <= maxX
    ? [
        [minX, minY],
        [maxX, maxY],
      ]
    : [];
}

/**
 * Paints the visible groups (series `index` of the chart draws group `index`: the legend hides and shows
 * them) as dots of `radius` px on the chart's canvas, sized to the plot area at the screen's pixel ratio;
 * no groups: no canvas. Called on every render, so zooming, resizing and the legend repaint it.
 */
export function paintScatter(chart: Chart, groups: readonly ScatterGroup[], radius: number): void {
  const { container } = chart;
  let canvas = container.querySelector<HTMLCanvasElement>(`canvas.${SCATTER_CANVAS_CLASS}`);
  if (groups.length === 0) {
    canvas?.remove();
    return;
  }
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.className = SCATTER_CANVAS_CLASS;
    // Over the SVG (Highcharts' container is positioned), letting the mouse through to the zoom.
    Object.assign(canvas.style, { position: 'absolute', pointerEvents: 'none' });
    container.appendChild(canvas);
  }
  const ratio = fitToPlotArea(canvas, chart);
  const context = canvas.getContext('2d');
  let painted = 0;
  if (context) {
    // Dots written straight into the pixels: on a canvas without a GPU, 100 000 filled arcs took 3–4 times
    // as long as this (docs/benchmarks.md §4).
    const { width, height } = canvas;
    const image = context.createImageData(width, height);
    const pixels = new Uint32Array(image.data.buffer);
    const dot = dotOffsets(Math.round(radius * ratio));
    const [xAxis] = chart.xAxis;
    const [yAxis] = chart.yAxis;
    groups.forEach(({ color, xs, ys }, index) => {
      if (!chart.series[index]?.visible) return;
      const pixel = packedColour(context, color);
      for (let i = 0; i < xs.length; i += 1) {
        const px = Math.round(xAxis.toPixels(xs[i], true) * ratio);
        const py = Math.round(yAxis.toPixels(ys[i], true) * ratio);
        for (const [dx, dy] of dot) {
          const column = px + dx;
          const row = py + dy;
          if (column >= 0 && column < width && row >= 0 && row < height) pixels[row * width + column] = pixel;
        }
      }
      painted += xs.length;
    });
    context.putImageData(image, 0, 0);
  }
  canvas.dataset.painted = String(painted);
}

// The pixels of a round dot of `radius` around its centre.
function dotOffsets(radius: number): [number, number][] {
  const offsets: [number, number][] = [];
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) {
      if (dx * dx + dy * dy <= radius * radius + radius) offsets.push([dx, dy]);
    }
  }
  return offsets;
}

// A CSS colour as one pixel of the canvas's image data (the canvas parses it; the bytes keep their order).
function packedColour(context: CanvasRenderingContext2D, color: string): number {
  context.fillStyle = color;
  context.fillRect(0, 0, 1, 1);
  const [pixel] = new Uint32Array(context.getImageData(0, 0, 1, 1).data.buffer);
  context.clearRect(0, 0, 1, 1);
  return pixel;
}
