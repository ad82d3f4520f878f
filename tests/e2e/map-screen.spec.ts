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

test('the map keeps its view across a visit to the settings', async ({ page }) => {
  await page.goto('/map');
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  const readView = () =>
    page.evaluate(() => {
      const map = (
        window as unknown as {
          __zonalyseMap: { map: { getCenter(): { lng: number; lat: number }; getZoom(): number; isMoving(): boolean } };
        }
      ).__zonalyseMap.map;
      const center = map.getCenter();
      return { lng: center.lng, lat: center.lat, zoom: map.getZoom(), moving: map.isMoving() };
    });
  const settledZoom = async () => {
    const view = await readView();
    return view.moving ? Number.NaN : view.zoom;
  };
  await expect.poll(settledZoom).toBeCloseTo(6, 1);
  // Two clicks on « Zoom avant », each once the previous zoom has ended (a click during the animation zooms
  // from where the animation is), then the keyboard pans the map east.
  await page.getByRole('button', { name: 'Zoom avant' }).click();
  await expect.poll(settledZoom).toBeCloseTo(7, 1);
  await page.getByRole('button', { name: 'Zoom avant' }).click();
  await expect.poll(settledZoom).toBeCloseTo(8, 1);
  await page.locator('canvas.maplibregl-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await readView()).moving === false && (await readView()).lng).toBeGreaterThan(2.36);
  const before = await readView();
  expect(before.lng).toBeGreaterThan(2.36);

  await page.getByRole('link', { name: 'Paramètres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à la carte' }).click();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.locator('canvas.maplibregl-canvas')).toBeVisible();
  const after = await readView();
  expect(after.zoom).toBeCloseTo(before.zoom, 5);
  expect(after.lng).toBeCloseTo(before.lng, 5);
  expect(after.lat).toBeCloseTo(before.lat, 5);
});
