import type { Chart } from 'highcharts';

/**
 * Lays a canvas over a chart's plot area at the screen's pixel ratio (setting the size also clears it) and
 * returns that ratio: the evolution lines and the correlation scatter both paint on such a canvas.
 */
export function fitToPlotArea(canvas: HTMLCanvasElement, chart: Chart): number {
  const { plotLeft, plotTop, plotWidth, plotHeight } = chart;
  const ratio = window.devicePixelRatio || 1;
  Object.assign(canvas.style, {
    left: `${plotLeft}px`,
    top: `${plotTop}px`,
    width: `${plotWidth}px`,
    height: `${plotHeight}px`,
  });
  canvas.width = Math.round(plotWidth * ratio);
  canvas.height = Math.round(plotHeight * ratio);
  return ratio;
}
