/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { E2E_SUPERADMIN_PASSWORD, startAppUnderTest, type RunningApp } from './app-under-test';

// Access tokens live 10 s (the shortest the server accepts), so the session below outlives several.
const ACCESS_TOKEN_TTL_SECONDS = 10;

async function signIn(page: Page, url: string, username: string, password: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((address) => address.pathname !== '/login');
}

// Ant Design's drop-down shows its options apart from the accessible (hidden) list box.
const chooseOption = (page: Page, label: string) =>
  page.locator('.ant-select-item-option', { hasText: label }).click();

const menuEntries = (page: Page) =>
  page
    .getByRole('menu', { name: /Main menu|Menú principal/ })
    .getByRole('menuitem')
    .allTextContents();

describe('identity in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startAppUnderTest(3_227, {
      AUTH_ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      SIMULATOR_BACKFILL_HOURS: '1',
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs in, refreshes an expired token, administers a group and a user, and shows that user his features', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
    });

    // Signed out, a guarded address goes to /login keeping it in `path`; sign-in returns there.
    await page.goto(`${app.url}/group/list`);
    await page.waitForURL(/\/login\?path=%2Fgroup%2Flist$/);
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill(E2E_SUPERADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${app.url}/group/list`);

    // The access token expires; the next calls refresh it once and go on, without leaving the page.
    await page.waitForTimeout((ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await page.getByRole('link', { name: 'Añadir grupo' }).click();
    await page.waitForURL(`${app.url}/group`);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('operators');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${app.url}/group/list`);
    await page.getByRole('cell', { name: 'operators', exact: true }).waitFor();
    expect(refreshes).toContain(200);
    expect(refreshes.filter((status) => status !== 200)).toEqual([]);

    // The group gets the Queries permission (the tree's labels are translated: Spanish by default).
    await page.getByRole('button', { name: 'Permisos de operators' }).click();
    await page.waitForURL(/\/group\/permission\/list\?id=\d+$/);
    await page.locator('.ant-tree-treenode', { hasText: 'Consultas' }).locator('.ant-tree-checkbox').click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Permisos de operators actualizados correctamente').waitFor();

    // A user in that group.
    await page.goto(`${app.url}/user`);
    await page.getByRole('textbox', { name: 'Nombre' }).fill('ana');
    await page.getByLabel('Contraseña', { exact: true }).fill('secret1');
    await page.getByLabel('Repetir contraseña').fill('secret1');
    await page.getByLabel('Grupos').click();
    await chooseOption(page, 'operators');
    // A multiple choice stays open: Escape closes it.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${app.url}/user/list`);
    await page.getByRole('cell', { name: 'ana', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${app.url}/login`);

    // ana sees exactly what Queries allows: the workspace with the query list, and no administration.
    await signIn(page, app.url, 'ana', 'secret1');
    await page.waitForURL(`${app.url}/workspace`);
    await page.getByTestId('tile-QueryList').waitFor();
    expect(
      await page
        .locator('[data-testid^="tile-"]')
        .evaluateAll((tiles) => tiles.map((tile) => tile.dataset.testid)),
    ).toEqual(['tile-QueryList']);
    expect(await menuEntries(page)).toEqual([
      'Espacio de trabajo',
      'Consultas',
      'Configuración',
      'Cerrar sesión',
    ]);
    await page.goto(`${app.url}/user/list`);
    await page.waitForURL(`${app.url}/settings`);
    await expect(page.getByRole('link', { name: /Usuarios/ }).count()).resolves.toBe(0);

    // English, kept under `locale`.
    await page.getByLabel('Idioma').click();
    await chooseOption(page, 'English');
    await page.getByRole('menu', { name: 'Main menu' }).waitFor();
    expect(await menuEntries(page)).toEqual(['Workspace', 'Queries', 'Settings', 'Log out']);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en_GB');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${app.url}/login`);
    expect(await page.evaluate(() => [localStorage.getItem('at'), localStorage.getItem('rt')])).toEqual([
      null,
      null,
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
