import { expect, test } from '@playwright/test';

test('the map screen opens on France and the API reports the embedded database', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });

  await page.goto('/');
  await expect(page).toHaveURL(/\/map$/);
  const canvas = page.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  const view = await page.evaluate(() => {
    const controller = (
      window as unknown as {
        __zonalyseMap: {
          map: {
            getCenter(): { lng: number; lat: number };
            getZoom(): number;
            getMinZoom(): number;
            getMaxZoom(): number;
          };
        };
      }
    ).__zonalyseMap;
    const center = controller.map.getCenter();
    return {
      lng: center.lng,
      lat: center.lat,
      zoom: controller.map.getZoom(),
      min: controller.map.getMinZoom(),
      max: controller.map.getMaxZoom(),
    };
  });
  expect(view.lng).toBeCloseTo(2.3522, 3);
  expect(view.lat).toBeCloseTo(48.8566, 3);
  expect(view).toMatchObject({ zoom: 6, min: 5, max: 18 });
  await page.screenshot({ path: 'tests/e2e/screenshots/map-screen.png' });
});

test('the toolbar opens a panel, which closes again', async ({ page }) => {
  await page.goto('/map');
  await page.getByRole('button', { name: 'Périmètre d’analyse' }).click();
  const panel = page.getByRole('region', { name: 'Périmètre d’analyse' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Aucune zone créée')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Barre d’outils' })).toBeHidden();
  await page.screenshot({ path: 'tests/e2e/screenshots/shell-core-panel.png' });
  await page.getByRole('button', { name: 'Fermer le panneau Périmètre d’analyse' }).click();
  await expect(page.getByRole('navigation', { name: 'Barre d’outils' })).toBeVisible();
});
