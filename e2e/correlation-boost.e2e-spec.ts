/// <reference lib="dom" />
// A day of simulator data in a correlation, enough points for the WebGL path (Highcharts boost): every point
// of the answer must be drawn, coloured by Z intensity (nine level series on one canvas) and without Z.
// The SVG path is counted marker by marker in correlation.e2e-spec.ts.
import type { Browser, Page } from 'playwright-core';
import type { CorrelationDataDto, TokenPairDto } from '@plantlens/contracts';
import { launchChromium } from './browser';
import { signIn, signedInPage } from './session';
import { simulatedVariables } from './simulated-variables';
import { startAppUnderTest, type RunningApp } from './app-under-test';

const CHART_TIMEOUT_MS = 60_000;
// Start-up and the day's backfill, on a loaded machine.
const APP_START_TIMEOUT_MS = 300_000;
// The web app draws a chart of this many points with WebGL (BOOST_THRESHOLD_POINTS).
const BOOSTED_FROM_POINTS = 2_000;
const DAY_MS = 86_400_000;

interface DrawnPoints {
  /** the points the chart holds over all its series */
  held: number;
  /** those whose spot on the boost canvas is painted */
  painted: number;
  series: number;
}

// Reads the chart's boost canvas (an SVG image of the WebGL drawing) and checks, for every point the chart
// holds, that its pixel or a neighbour (markers have a radius of 2) is painted. The chart is reached through
// the Highcharts namespace that React hands to HighchartsReact: the app exposes no global.
function paintedPoints(page: Page): Promise<DrawnPoints> {
  return page.evaluate(async () => {
    interface Axis {
      toPixels(value: number): number;
    }
    interface Series {
      xAxis: Axis;
      yAxis: Axis;
      getColumn(name: 'x' | 'y'): number[];
    }
    interface Chart {
      series: Series[];
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

    const image = new Image();
    image.src = holder.querySelector('image.highcharts-boost-canvas')!.getAttribute('href')!;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const paintedNear = (px: number, py: number) => {
      for (let dx = -1; dx <= 1; dx += 1) {
        for (let dy = -1; dy <= 1; dy += 1) {
          if (data[((py + dy) * canvas.width + px + dx) * 4 + 3] > 0) return true;
        }
      }
      return false;
    };
    let held = 0;
    let painted = 0;
    for (const series of chart.series) {
      const xs = series.getColumn('x');
      const ys = series.getColumn('y');
      xs.forEach((x, i) => {
        held += 1;
        const px = Math.round(series.xAxis.toPixels(x));
        const py = Math.round(series.yAxis.toPixels(ys[i]));
        if (paintedNear(px, py)) painted += 1;
      });
    }
    return { held, painted, series: chart.series.length };
  });
}

describe('correlation of a day in Chromium (WebGL)', () => {
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
      SIMULATOR_VALVE_DETAIL_HOURS: '0',
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
    const answer = (await (await answered).json()) as CorrelationDataDto;
    await page.waitForSelector('[data-testid="correlation-chart"] image.highcharts-boost-canvas', {
      state: 'attached',
      timeout: CHART_TIMEOUT_MS,
    });
    // The boost canvas is painted once the chart has rendered; wait for its image to hold the drawing.
    await page.waitForFunction(
      () =>
        (document.querySelector('image.highcharts-boost-canvas')?.getAttribute('href')?.length ?? 0) > 1000,
      undefined,
      { timeout: CHART_TIMEOUT_MS },
    );
    const drawn = await paintedPoints(page);
    await page.close();
    return { answer, drawn, errors };
  }

  it('draws every point of a day coloured by Z intensity, Z spanning the meter', async () => {
    const { answer, drawn, errors } = await drawDay(true);
    const [xs, , zs] = answer.variables.map((series) => series.data);
    expect(xs.length).toBeGreaterThanOrEqual(BOOSTED_FROM_POINTS);
    const zValues = zs.map(({ value }) => value);
    expect(Math.max(...zValues)).toBeGreaterThan(Math.min(...zValues));
    expect(drawn).toEqual({ held: xs.length, painted: xs.length, series: 9 });
    expect(errors).toEqual([]);
  });

  it('draws every point of the same day without Z', async () => {
    const { answer, drawn, errors } = await drawDay(false);
    const [xs] = answer.variables.map((series) => series.data);
    expect(xs.length).toBeGreaterThanOrEqual(BOOSTED_FROM_POINTS);
    expect(drawn).toEqual({ held: xs.length, painted: xs.length, series: 1 });
    expect(errors).toEqual([]);
  });
});
