/// <reference lib="dom" />
// The current-status map as a map, in Chromium against the built app (no simulator: three assets placed
// through the API): an administrator uploads a site plan behind the labelled markers, zooms in and out and
// resets the view with the buttons, zooms with the wheel, and opens a marker's popup. Screenshots for
// docs/screens/.
import type { Browser, Locator, Page } from 'playwright-core';
import { AuthHeaders, type AssetPlacement, type TokenPairDto } from '@plantlens/contracts';
import { startAppUnderTest, type RunningApp } from './app-under-test';
import { launchChromium } from './browser';
import { SCREEN_VIEWPORT, saveScreen, settled, type ScreenLocale } from './screens';
import { callApi, signIn, signedInPage } from './session';

const LAYOUT: AssetPlacement[] = [
  { name: 'refinery', label: 'Refinery', parent: null, lat: 41.1201, lng: 1.1895 },
  { name: 'coke_drum_a', label: 'Coke drum A', parent: 'refinery', lat: 41.1205, lng: 1.1912 },
  { name: 'gate01', label: 'Gate 01', parent: 'coke_drum_a', lat: 41.1209, lng: 1.1925 },
];
const CORNERS = { topLeftLat: 41.1218, topLeftLng: 1.1882, bottomRightLat: 41.1192, bottomRightLng: 1.1938 };

// A site plan drawn by the browser itself: ground, roads and two unit blocks, as a PNG.
async function drawnSitePlan(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1120;
    canvas.height = 520;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#e9e4d8';
    context.fillRect(0, 0, 1120, 520);
    context.fillStyle = '#b9b4a8';
    context.fillRect(0, 250, 1120, 24);
    context.fillRect(540, 0, 24, 520);
    context.fillStyle = '#9fb7c9';
    context.fillRect(80, 60, 360, 150);
    context.fillRect(640, 310, 380, 160);
    context.fillStyle = '#44505a';
    context.font = '28px sans-serif';
    context.fillText('Crude unit', 180, 145);
    context.fillText('Delayed coker', 740, 400);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

// The horizontal distance between two markers' labels on screen: it doubles with each zoom level.
async function spread(a: Locator, b: Locator): Promise<number> {
  const [first, second] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!first || !second) throw new Error('a label is not on screen');
  return Math.abs(second.x + second.width / 2 - (first.x + first.width / 2));
}

// Where the marker of a label is: the label hangs 11 px under the marker's centre.
async function markerOf(label: Locator): Promise<{ x: number; y: number }> {
  const box = await label.boundingBox();
  if (!box) throw new Error('the label is not on screen');
  return { x: box.x + box.width / 2, y: box.y - 11 };
}

describe('incidence current-status map in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let tokens: TokenPairDto;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startAppUnderTest(3_431, { SIMULATOR_ENABLED: 'false' });
    browser = await launchChromium();
    tokens = await signIn(app.url);
    await fetch(`${app.url}/api/web/current-status-incidence/assets`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        [AuthHeaders.authorization]: `Bearer ${tokens.accessToken}`,
      },
      body: JSON.stringify({ assets: LAYOUT }),
    }).then((response) => expect(response.status).toBe(204));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function mapPage(locale: ScreenLocale): Promise<Page> {
    const page = await signedInPage(browser, tokens, { locale });
    await page.setViewportSize(SCREEN_VIEWPORT);
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/incidence-current-status`);
    await page.locator('canvas.maplibregl-canvas').waitFor();
    return page;
  }

  it('uploads a site plan, zooms and resets with the buttons, and opens a marker popup', async () => {
    const page = await mapPage('en_GB');
    const drum = page.locator('.asset-label', { hasText: 'Coke drum A' });
    const gate = page.locator('.asset-label', { hasText: 'Gate 01' });
    await gate.waitFor();
    // The tree too says labels, not keys.
    await page.getByTestId('asset-coke_drum_a').getByText('Coke drum A').waitFor();

    // No plan yet: the administrator is invited to upload one.
    await page.getByRole('button', { name: 'Upload a site plan' }).click();
    const form = page.locator('.ant-modal', { hasText: 'Corners' });
    await form.getByLabel('Image (PNG or JPEG)').setInputFiles({
      name: 'site-plan.png',
      mimeType: 'image/png',
      buffer: await drawnSitePlan(page),
    });
    for (const [field, value] of Object.entries({
      'Top-left latitude (°)': CORNERS.topLeftLat,
      'Top-left longitude (°)': CORNERS.topLeftLng,
      'Bottom-right latitude (°)': CORNERS.bottomRightLat,
      'Bottom-right longitude (°)': CORNERS.bottomRightLng,
    })) {
      await form.getByRole('spinbutton', { name: field }).fill(String(value));
    }
    await saveScreen(page, 'incidence-map-site-plan-form', 'en_GB');
    const image = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname.endsWith('/site-plan/image'),
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The site plan has been saved').waitFor();
    const served = await image;
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(await page.getByText('Upload a site plan').count()).toBe(0);
    await settled(page);

    // Zoom in doubles the distances on screen, zoom out halves them, reset brings the first view back.
    const fitted = await spread(drum, gate);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await settled(page);
    expect((await spread(drum, gate)) / fitted).toBeCloseTo(2, 1);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await settled(page);
    expect((await spread(drum, gate)) / fitted).toBeCloseTo(0.5, 1);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await settled(page);
    expect((await spread(drum, gate)) / fitted).toBeCloseTo(1, 1);

    // The wheel zooms about the middle of the view, not the pointer: with the pointer in a corner, the
    // marker in the middle stays where it was.
    const map = await page.getByTestId('incidence-map').boundingBox();
    if (!map) throw new Error('no map on screen');
    const before = await markerOf(drum);
    await page.mouse.move(map.x + 30, map.y + map.height - 30);
    await page.mouse.wheel(0, -300);
    await settled(page);
    expect((await spread(drum, gate)) / fitted).toBeGreaterThan(1.2);
    const after = await markerOf(drum);
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(40);
    await page.getByRole('button', { name: 'Reset view' }).click();
    await settled(page);

    // Hover: the tooltip; click: the popup with the asset's open incidences and a link to them.
    const marker = await markerOf(gate);
    await page.mouse.move(marker.x, marker.y);
    await page.locator('.asset-tooltip', { hasText: 'Gate 01: 0 open incidences' }).waitFor();
    await page.mouse.click(marker.x, marker.y);
    const popup = page.getByTestId('asset-popup');
    await popup.getByText('No open incidences').waitFor();
    await expect(
      popup.getByRole('link', { name: 'Incidences of Gate 01' }).getAttribute('href'),
    ).resolves.toBe(`/incidence/list?origin=CurrentStatusIncidence&assets=${await assetId('gate01')}`);
    await page.mouse.move(0, 0);
    await saveScreen(page, 'incidence-map', 'en_GB');
    await page.close();
    expect(errors).toEqual([]);
  });

  it('shows the same map in Spanish', async () => {
    const page = await mapPage('es_ES');
    const gate = page.locator('.asset-label', { hasText: 'Gate 01' });
    await gate.waitFor();
    await settled(page);
    const marker = await markerOf(gate);
    await page.mouse.click(marker.x, marker.y);
    await page.getByTestId('asset-popup').getByText('Sin incidencias abiertas').waitFor();
    await saveScreen(page, 'incidence-map', 'es_ES');
    await page.getByRole('button', { name: 'Plano de la planta' }).click();
    const form = page.locator('.ant-modal', { hasText: 'Esquinas' });
    // The corners can be taken from what the map shows.
    await form.getByRole('button', { name: 'Usar la vista actual' }).click();
    expect(
      Number(await form.getByRole('spinbutton', { name: 'Latitud superior izquierda (°)' }).inputValue()),
    ).toBeGreaterThan(CORNERS.topLeftLat);
    await saveScreen(page, 'incidence-map-site-plan-form', 'es_ES');
    await page.close();
    expect(errors).toEqual([]);
  });

  async function assetId(name: string): Promise<number> {
    const assets = await callApi<{ id: number; name: string }[]>(
      app.url,
      tokens,
      'GET',
      '/api/web/current-status-incidence',
    );
    return assets.find((asset) => asset.name === name)?.id ?? -1;
  }
});
