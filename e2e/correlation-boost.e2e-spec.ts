/// <reference lib="dom" />
// A day of simulator data in a correlation, enough points for the canvas path (canvas-scatter.ts): every
// point of the answer must be painted, coloured by Z intensity (nine level series on one canvas) and without
// Z. The SVG path is counted marker by marker in correlation.e2e-spec.ts.
import type { Browser, Page } from 'playwright-core';
import type { TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { correlationAnswerOf } from './correlation-answer';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const CHART_TIMEOUT_MS = 60_000;
// Start-up and the day's backfill, on a loaded machine.
const APP_START_TIMEOUT_MS = 300_000;
// The web app paints a chart of this many points on a canvas (CANVAS_THRESHOLD_POINTS).
const CANVAS_FROM_POINTS = 2_000;
const DAY_MS = 86_400_000;

interface DrawnPoints {
  /** the points the canvas says it shows */
  shown: number;
  /** the answer's points whose spot on the canvas is painted */
  painted: number;
}

// Reads the canvas over the chart's plot area and checks, for every point of the answer, that its pixel or a
// neighbour (dots have a radius of 2) is painted. The chart's axes are reached through the Highcharts
// namespace that React hands to HighchartsReact: the app exposes no global.
function paintedPoints(page: Page, xs: number[], ys: number[]): Promise<DrawnPoints> {
  return page.evaluate(
    ([xValues, yValues]) => {
      interface Axis {
        toPixels(value: number, paneCoordinates: boolean): number;
      }
      interface Chart {
        xAxis: Axis[];
        yAxis: Axis[];
      }
      interface Fiber {
        memoizedProps?: { highcharts?: { charts: (Chart | undefined)[] } };
        return: Fiber | null;
      }
      const holder = document.querySelector<HTMLElement>(
        '[data-testid="correlation-chart"] [data-highcharts-chart]',
      )!;
      const fiberKey = Object.keys(holder).find((key) => key.startsWith('__reactFiber'))!;
      let fiber: Fiber | null = (holder as unknown as Record<string, Fiber>)[fiberKey] ?? null;
      while (fiber && !fiber.memoizedProps?.highcharts) fiber = fiber.return;
      const chart = fiber!.memoizedProps!.highcharts!.charts[Number(holder.dataset.highchartsChart)]!;

      const canvas = holder.querySelector<HTMLCanvasElement>('canvas.correlation-points')!;
      const ratio = window.devicePixelRatio || 1;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const paintedNear = (px: number, py: number) => {
        for (let dx = -1; dx <= 1; dx += 1) {
          for (let dy = -1; dy <= 1; dy += 1) {
            if (data[((py + dy) * canvas.width + px + dx) * 4 + 3] > 0) return true;
          }
        }
        return false;
      };
      let painted = 0;
      xValues.forEach((x, i) => {
        const px = Math.round(chart.xAxis[0].toPixels(x, true) * ratio);
        const py = Math.round(chart.yAxis[0].toPixels(yValues[i], true) * ratio);
        if (paintedNear(px, py)) painted += 1;
      });
      return { shown: Number(canvas.dataset.painted), painted };
    },
    [xs, ys] as const,
  );
}

describe('correlation of a day in Chromium (canvas)', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  let pair: { x: number; y: number; z: number };

  beforeAll(async () => {
    // A day a point every 30 s: some 2 900 points per variable, past the WebGL threshold (a day of live
    // data holds more; the backfill is kept short for a shared 2-core machine).
    app = await startAppUnderTest(3_341, {
      SIMULATOR_BACKFILL_HOURS: '24',
      SIMULATOR_BACKFILL_STEP_SECONDS: '30',
    });
    browser = await launchChromium();
    tokens = await signIn(app.url);
    const [x, y, z] = await simulatedVariables(app.url, tokens, [
      'cdu_feed_flow',
      'cdu_feed_temperature',
      'cdu_furnace_outlet_temperature',
    ]);
    pair = { x: x.id, y: y.id, z: z.id };
  }, APP_START_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  // Opens the correlation of the last 24 hours and answers the correlation data it drew and what it drew.
  async function drawDay(colourByZ: boolean) {
    const page = await signedInPage(browser, tokens, { locale: 'en_GB' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const end = Date.now();
    const view = new URLSearchParams({
      pair1: `${pair.x},${pair.y}`,
      ...(colourByZ && { z: String(pair.z), zType: 'intensity' }),
      startDate: String(end - DAY_MS),
      endDate: String(end),
    });
    const answered = page.waitForResponse((response) =>
      response.url().includes('/api/web/explorer/correlation-data'),
    );
    await page.goto(`${app.url}/explorer-correlation?${view}`);
    const answer = await correlationAnswerOf(await answered);
    // The canvas is painted when the chart renders, and then says how many points it shows.
    await page.waitForSelector('[data-testid="correlation-chart"] canvas.correlation-points[data-painted]', {
      state: 'attached',
      timeout: CHART_TIMEOUT_MS,
    });
    const [xs, ys] = answer.variables.map((series) => series.data.map(({ value }) => value));
    const drawn = await paintedPoints(page, xs, ys);
    await page.close();
    return { answer, drawn, errors };
  }

  it('draws every point of a day coloured by Z intensity, Z spanning the meter', async () => {
    const { answer, drawn, errors } = await drawDay(true);
    const [xs, , zs] = answer.variables.map((series) => series.data);
    expect(xs.length).toBeGreaterThanOrEqual(CANVAS_FROM_POINTS);
    const zValues = zs.map(({ value }) => value);
    expect(Math.max(...zValues)).toBeGreaterThan(Math.min(...zValues));
    expect(drawn).toEqual({ shown: xs.length, painted: xs.length });
    expect(errors).toEqual([]);
  });

  it('draws every point of the same day without Z', async () => {
    const { answer, drawn, errors } = await drawDay(false);
    const [xs] = answer.variables.map((series) => series.data);
    expect(xs.length).toBeGreaterThanOrEqual(CANVAS_FROM_POINTS);
    expect(drawn).toEqual({ shown: xs.length, painted: xs.length });
    expect(errors).toEqual([]);
  });
});
