/// <reference lib="dom" />
import type { Page } from 'playwright-core';

const CHART = '[data-testid="evolution-chart"]';
// A line drawn from data has many segments (M and L commands); an empty series is a bare "M 0 0".
const MIN_SEGMENTS = 50;

export interface DrawnChart {
  /** the legend's series names, in order */
  names: string[];
  /** the segments of each series' line, in order: as many as the points it draws, whatever the scale */
  segments: number[];
}

/**
 * Waits until the evolution chart has finished loading and draws exactly `seriesCount` lines with data,
 * then returns what it draws.
 */
export async function drawnEvolutionChart(page: Page, seriesCount: number): Promise<DrawnChart> {
  await page.waitForFunction(
    ([chartSelector, count, minSegments]) => {
      const chart = document.querySelector(chartSelector);
      const lines = Array.from(chart?.querySelectorAll('.highcharts-series path.highcharts-graph') ?? []);
      return (
        chart?.getAttribute('aria-busy') === 'false' &&
        lines.length === count &&
        lines.every((line) => (line.getAttribute('d') ?? '').split(/[ML]/).length - 1 >= minSegments)
      );
    },
    [CHART, seriesCount, MIN_SEGMENTS] as const,
    { timeout: 30_000 },
  );
  return page.evaluate((chartSelector) => {
    const chart = document.querySelector(chartSelector)!;
    return {
      names: Array.from(chart.querySelectorAll('.highcharts-legend-item text')).map(
        (text) => text.textContent ?? '',
      ),
      segments: Array.from(chart.querySelectorAll('.highcharts-series path.highcharts-graph')).map(
        (line) => (line.getAttribute('d') ?? '').split(/[ML]/).length - 1,
      ),
    };
  }, CHART);
}
