/// <reference lib="dom" />
// A day of simulator data for five variables: enough points for the canvas lines (canvas-lines.ts,
// CANVAS_LINES_THRESHOLD_POINTS). The canvas must show the step line through every point of the answer and
// nothing else, line by line, read from its pixels; the tooltip, the legend and the zoom keep working, and a
// zoom whose answer is small goes back to SVG lines. Small charts' SVG lines are counted in the other specs.
import type { Browser, Page } from 'playwright-core';
import type { TimelineColumnsDto, TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { drawnEvolutionChart } from './evolution-chart';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

// Start-up and the day's backfill, on a loaded machine.
const APP_START_TIMEOUT_MS = 300_000;
const CHART_TIMEOUT_MS = 60_000;
// The web app traces the lines on a canvas from this many points over all variables.
const CANVAS_FROM_POINTS = 10_000;
const DAY_MS = 86_400_000;
const REFERENCES = [
  'cdu_feed_flow',
  'cdu_feed_temperature',
  'cdu_desalter_pressure',
  'cdu_desalter_level',
  'cdu_furnace_outlet_temperature',
];

interface LinePixels {
  /** pixels of the expected step line (through every point of the answer) inside the canvas */
  expected: number;
  /** of those, the ones with no painted pixel at or next to them */
  missing: number;
  /** painted pixels */
  painted: number;
  /** of those, the ones farther than 2 px from the expected line */
  stray: number;
  /** where the missing and stray pixels are */
  where: string[];
}

// With only line `index` shown (through Highcharts' series API, then a redraw: the canvas repaints on
// render), compares the canvas's pixels with the step line through the answer's points, placed by the
// chart's axes (not by the series' own plotted points): every pixel of that line must be painted, and every
// painted pixel must belong to it. The chart is reached through the Highcharts namespace React hands to
// HighchartsReact, as correlation-boost.e2e-spec.ts does.
function comparePixels(page: Page, index: number, ts: number[], values: number[]): Promise<LinePixels> {
  return page.evaluate(
    ([lineIndex, xValues, yValues]) => {
      interface Axis {
        toPixels(value: number, paneCoordinates: boolean): number;
      }
      interface Chart {
        xAxis: Axis[];
        series: { yAxis: Axis; setVisible(visible: boolean, redraw: boolean): void }[];
        redraw(): void;
      }
      interface Fiber {
        memoizedProps?: { highcharts?: { charts: (Chart | undefined)[] } };
        return: Fiber | null;
      }
      const holder = document.querySelector<HTMLElement>(
        '[data-testid="evolution-chart"] [data-highcharts-chart]',
      )!;
      const fiberKey = Object.keys(holder).find((key) => key.startsWith('__reactFiber'))!;
      let fiber: Fiber | null = (holder as unknown as Record<string, Fiber>)[fiberKey] ?? null;
      while (fiber && !fiber.memoizedProps?.highcharts) fiber = fiber.return;
      const chart = fiber!.memoizedProps!.highcharts!.charts[Number(holder.dataset.highchartsChart)]!;
      chart.series.forEach((series, i) => series.setVisible(i === lineIndex, false));
      chart.redraw();

      const canvas = holder.querySelector<HTMLCanvasElement>('canvas.canvas-lines')!;
      const { width, height } = canvas;
      const ratio = window.devicePixelRatio || 1;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, width, height);
      const paintedAt = (x: number, y: number) =>
        x >= 0 && x < width && y >= 0 && y < height && data[(y * width + x) * 4 + 3] > 0;

      // The step line: across at a point's value to the next point's time, then up or down to its value.
      // Kept a few pixels beyond the canvas too: a segment just outside its edge paints the edge's pixels.
      const margin = 4;
      const lineWidth = width + 2 * margin;
      const line = new Uint8Array(lineWidth * (height + 2 * margin));
      const inMargin = (x: number, y: number) =>
        x >= -margin && x < width + margin && y >= -margin && y < height + margin;
      const mark = (x: number, y: number) => {
        if (inMargin(x, y)) line[(y + margin) * lineWidth + x + margin] = 1;
      };
      const span = (from: number, to: number) => {
        const [low, high] = from < to ? [from, to] : [to, from];
        return Array.from({ length: high - low + 1 }, (_, i) => low + i);
      };
      const { yAxis } = chart.series[lineIndex];
      const place = (i: number): [number, number, number] => {
        const x = chart.xAxis[0].toPixels(xValues[i], true) * ratio;
        return [Math.round(x), Math.round(yAxis.toPixels(yValues[i], true) * ratio), x];
      };
      let [x0, y0] = place(0);
      mark(x0, y0);
      for (let i = 1; i < xValues.length; i += 1) {
        const [x1, y1, exactX1] = place(i);
        // A point less than half a pixel left of the canvas rounds to its first column, but its step and the
        // segment leading to it are painted outside it (seen in CI: pixels of column 0, vertical and horizontal).
        if (exactX1 >= 0) {
          for (const x of span(x0, x1)) mark(x, y0);
          for (const y of span(y0, y1)) mark(x1, y);
        }
        [x0, y0] = [x1, y1];
      }

      const near = (x: number, y: number, reach: number, test: (x: number, y: number) => boolean) => {
        for (let dx = -reach; dx <= reach; dx += 1) {
          for (let dy = -reach; dy <= reach; dy += 1) if (test(x + dx, y + dy)) return true;
        }
        return false;
      };
      const onLine = (x: number, y: number) =>
        inMargin(x, y) && line[(y + margin) * lineWidth + x + margin] === 1;
      const result = { expected: 0, missing: 0, painted: 0, stray: 0, where: [] as string[] };
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          if (onLine(x, y)) {
            result.expected += 1;
            if (!near(x, y, 1, paintedAt)) {
              result.missing += 1;
              result.where.push(`missing ${x},${y} of ${width}x${height}`);
            }
          }
          if (paintedAt(x, y)) {
            result.painted += 1;
            if (!near(x, y, 2 * ratio, onLine)) {
              result.stray += 1;
              result.where.push(`stray ${x},${y} of ${width}x${height}`);
            }
          }
        }
      }
      chart.series.forEach((series) => series.setVisible(true, false));
      chart.redraw();
      return result;
    },
    [index, ts, values] as const,
  );
}

describe('evolution lines of a large answer in Chromium (canvas)', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let ids: number[];
  let labels: string[];

  beforeAll(async () => {
    // A day a point every 30 s: some 2 900 points per variable, which a chart's width holds unreduced.
    app = await startAppUnderTest(3_463, {
      SIMULATOR_BACKFILL_HOURS: '24',
      SIMULATOR_BACKFILL_STEP_SECONDS: '30',
    });
    browser = await launchChromium();
    tokens = await signIn(app.url);
    const variables = await simulatedVariables(app.url, tokens, REFERENCES);
    ids = variables.map(({ id }) => id);
    labels = variables.map(({ label }) => label);
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it(
    'traces the step line through every point of a day on the canvas, and only it, line by line',
    async () => {
      const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const end = Date.now();
      const view = new URLSearchParams({
        variables: ids.join(','),
        startDate: String(end - DAY_MS),
        endDate: String(end),
      });
      const answered = page.waitForResponse((response) =>
        response.url().includes('/api/web/explorer/timeline-data'),
      );
      await page.goto(`${app.url}/explorer-evolution?${view}`);
      const answer = (await (await answered).json()) as TimelineColumnsDto;
      const points = answer.variables.map(({ ts }) => ts.length);
      expect(points.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(CANVAS_FROM_POINTS);

      // Every point of each line traced (2 × points − 1 commands of a step line), none as an SVG path. Of the
      // points outside the axis's range Highcharts keeps the nearest on each side (its crop, the same for SVG
      // lines): the line leaves the plot towards it.
      const kept = answer.variables.map(({ ts }) => {
        const inside = ts.filter((t) => t >= answer.startDate && t <= answer.endDate).length;
        const before = ts.some((t) => t < answer.startDate) ? 1 : 0;
        const after = ts.some((t) => t > answer.endDate) ? 1 : 0;
        return inside + before + after;
      });
      // (The server's grid columns may start a little before the range and end a little after it.)
      expect(kept.every((count, index) => count > 0.99 * points[index])).toBe(true);
      const drawn = await drawnEvolutionChart(page, REFERENCES.length);
      expect(drawn).toEqual({
        names: labels,
        segments: kept.map((count) => 2 * count - 1),
        canvas: true,
      });
      expect(await page.locator('.highcharts-series path.highcharts-graph').count()).toBe(0);

      for (const [index, { ts, values }] of answer.variables.entries()) {
        const pixels = await comparePixels(page, index, ts, values as number[]);
        expect(pixels.expected).toBeGreaterThan(1_000);
        expect({ line: index, missing: pixels.missing, stray: pixels.stray, where: pixels.where }).toEqual({
          line: index,
          missing: 0,
          stray: 0,
          where: [],
        });
      }
      expect(errors).toEqual([]);
      await page.close();
    },
    CHART_TIMEOUT_MS * 2,
  );

  it(
    'keeps the tooltip, the legend and the zoom, going back to SVG lines for a small answer',
    async () => {
      const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const end = Date.now();
      const view = new URLSearchParams({
        variables: ids.join(','),
        startDate: String(end - DAY_MS),
        endDate: String(end),
      });
      await page.goto(`${app.url}/explorer-evolution?${view}`);
      const full = await drawnEvolutionChart(page, REFERENCES.length);
      expect(full.canvas).toBe(true);

      const plot = (await page
        .locator('[data-testid="evolution-chart"] .highcharts-plot-background')
        .boundingBox())!;
      // The tooltip finds the points under the mouse although no SVG line is there. As chart-texts.e2e-spec.ts
      // does, the mouse moves on until it shows (a redraw hides it until the mouse moves again).
      const tooltip = page.locator('[data-testid="evolution-chart"] .highcharts-tooltip').last();
      let shown = '';
      for (let attempt = 0; attempt < 20 && !shown; attempt += 1) {
        await page.mouse.move(plot.x + plot.width * (0.4 + attempt * 0.01), plot.y + plot.height / 2, {
          steps: 3,
        });
        if (await tooltip.isVisible()) shown = (await tooltip.textContent()) ?? '';
        else await page.waitForTimeout(500);
      }
      expect(labels.some((label) => shown.includes(label))).toBe(true);

      // The legend hides a line from the canvas and shows it again.
      const canvasLines = page.locator('[data-testid="evolution-chart"] canvas.canvas-lines');
      await page.locator('.highcharts-legend-item').first().click();
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLCanvasElement>('canvas.canvas-lines')?.dataset.lines?.split(',')
            .length === 4,
      );
      await page.locator('.highcharts-legend-item').first().click();
      await page.waitForFunction(
        (all) => document.querySelector<HTMLCanvasElement>('canvas.canvas-lines')?.dataset.lines === all,
        full.segments.join(','),
      );
      expect(await canvasLines.getAttribute('data-lines')).toBe(full.segments.join(','));

      // Dragging over a twentieth of the day zooms; its answer is small, so its lines are SVG paths again.
      await page.mouse.move(plot.x + plot.width * 0.4, plot.y + plot.height / 2);
      await page.mouse.down();
      await page.mouse.move(plot.x + plot.width * 0.45, plot.y + plot.height / 2, { steps: 5 });
      await page.mouse.up();
      await page.waitForURL((url) => Number(url.searchParams.get('startDate')) > end - DAY_MS + DAY_MS / 3);
      await page.waitForFunction(() => document.querySelector('canvas.canvas-lines') === null, undefined, {
        timeout: CHART_TIMEOUT_MS,
      });
      const zoomed = await drawnEvolutionChart(page, REFERENCES.length);
      expect(zoomed.canvas).toBe(false);
      expect(zoomed.segments.every((count) => count < full.segments[0])).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    },
    CHART_TIMEOUT_MS * 2,
  );
});
