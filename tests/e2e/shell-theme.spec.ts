import type { Page } from '@playwright/test';
import { expect, mapReady, test, toolbar } from './support/shellFixtures';

const html = (page: Page) => page.locator('html');

test.describe('theme Clair / Sombre / Auto', () => {
  test('Sombre applies to the whole UI and the map, survives a reload, and Clair comes back', async ({
    page,
    outsideRequests,
  }) => {
    await page.goto('/map');
    await mapReady(page, 'light');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-map-light.png' });

    await toolbar(page).getByRole('link', { name: 'Paramètres' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('radio', { name: 'Clair' })).toBeChecked();
    await page.getByRole('radio', { name: 'Sombre' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    const surface = await page
      .locator('.preferences__section')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(surface).toBe('rgb(23, 30, 44)');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-settings-dark.png', fullPage: true });

    await page.getByRole('link', { name: 'Retour à la carte' }).click();
    await mapReady(page, 'dark');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await mapReady(page, 'dark');
    const toolbarBackground = await toolbar(page).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(toolbarBackground).toBe('rgb(23, 30, 44)');
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-map-dark.png' });

    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Clair' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.goto('/map');
    await mapReady(page, 'light');
    expect(outsideRequests).toEqual([]);
  });

  test('Auto follows the device colour scheme live, on the map too, and layer modules come back', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.goto('/map');
    await mapReady(page, 'light');
    // A feature's layer module: re-added after the theme's style replaces the map style.
    await page.evaluate(() => {
      const controller = (window as unknown as { __zonalyseMap: { addModule(module: unknown): void } }).__zonalyseMap;
      controller.addModule({
        id: 'e2e-module',
        add(map: {
          getSource(id: string): unknown;
          addSource(id: string, source: unknown): void;
          getLayer(id: string): unknown;
          addLayer(layer: unknown): void;
        }) {
          if (!map.getSource('e2e-source'))
            map.addSource('e2e-source', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
          if (!map.getLayer('e2e-layer')) map.addLayer({ id: 'e2e-layer', type: 'circle', source: 'e2e-source' });
        },
      });
    });
    const hasModuleLayer = () =>
      page.evaluate(
        () =>
          !!(
            window as unknown as { __zonalyseMap: { map: { getLayer(id: string): unknown } } }
          ).__zonalyseMap.map.getLayer('e2e-layer'),
      );
    expect(await hasModuleLayer()).toBe(true);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await mapReady(page, 'dark');
    await expect.poll(hasModuleLayer).toBe(true);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await mapReady(page, 'light');
  });

  test('resilience, simulated failure of the app bundle: the stored theme is applied before the app starts (no flash of the light theme)', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.goto('/pricing');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });
});
