/// <reference lib="dom" />
import type { Page } from 'playwright-core';

const CHART = '[data-testid="evolution-chart"]';
// A line drawn from data has many segments (M and L commands); an empty series is a bare "M 0 0".
const MIN_SEGMENTS = 50;
// A large answer's lines are traced on a canvas that lists the commands it traced per line
// (apps/web/src/components/canvas-lines.ts); evolution-canvas.e2e-spec.ts checks its pixels.
const LINES_CANVAS = 'canvas.canvas-lines';

export interface DrawnChart {
  /** the legend's series names, in order */
  names: string[];
  /** the segments of each series' line, in order: as many as the points it draws, whatever the scale */
  segments: number[];
  /** whether the lines are traced on the canvas rather than drawn as SVG paths */
  canvas: boolean;
}

/**
 * Waits until the evolution chart has finished loading and draws exactly `seriesCount` lines with data,
 * then returns what it draws.
 */
export async function drawnEvolutionChart(page: Page, seriesCount: number): Promise<DrawnChart> {
  await page.waitForFunction(
    ([chartSelector, count, minSegments, canvasSelector]) => {
      const chart = document.querySelector(chartSelector);
      // The canvas's list of commands per line when it has one, else its SVG paths' commands.
      const canvas = chart?.querySelector<HTMLCanvasElement>(canvasSelector);
      const lines = canvas
        ? (canvas.dataset.lines ?? '').split(',').filter(Boolean).map(Number)
        : Array.from(chart?.querySelectorAll('.highcharts-series path.highcharts-graph') ?? []).map(
            (line) => (line.getAttribute('d') ?? '').split(/[ML]/).length - 1,
          );
      return (
        chart?.getAttribute('aria-busy') === 'false' &&
        lines.length === count &&
        lines.every((line) => line >= minSegments)
      );
    },
    [CHART, seriesCount, MIN_SEGMENTS, LINES_CANVAS] as const,
    { timeout: 30_000 },
  );
  return page.evaluate(
    ([chartSelector, canvasSelector]) => {
      const chart = document.querySelector(chartSelector)!;
      const canvas = chart.querySelector<HTMLCanvasElement>(canvasSelector);
      return {
        names: Array.from(chart.querySelectorAll('.highcharts-legend-item text')).map(
          (text) => text.textContent ?? '',
        ),
        segments: canvas
          ? (canvas.dataset.lines ?? '').split(',').filter(Boolean).map(Number)
          : Array.from(chart.querySelectorAll('.highcharts-series path.highcharts-graph')).map(
              (line) => (line.getAttribute('d') ?? '').split(/[ML]/).length - 1,
            ),
        canvas: canvas !== null,
      };
    },
    [CHART, LINES_CANVAS] as const,
  );
}
