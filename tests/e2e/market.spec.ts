import type { Page } from '@playwright/test';
import { expect, mapReady, panel, test, toolbar } from './support/shellFixtures';

/** Place Léon-Blum, 11e arrondissement. */
const SITE: [number, number] = [2.3797, 48.8574];

type MapHandle = {
  __zonalyseMap: {
    map: {
      project: (point: [number, number]) => { x: number; y: number };
      jumpTo: (options: { center: [number, number]; zoom: number }) => void;
      getSource: (id: string) => unknown;
      querySourceFeatures: (id: string) => unknown[];
      once: (event: string, listener: () => void) => void;
      triggerRepaint: () => void;
    };
  };
};

/** Screen position of a [longitude, latitude] on the map canvas. */
async function screenPoint(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  const projected = await page.evaluate(
    (point) => (window as unknown as MapHandle).__zonalyseMap.map.project(point),
    lngLat,
  );
  const canvas = await page.locator('.map-view__canvas canvas').first().boundingBox();
  if (!canvas) throw new Error('carte absente');
  return { x: canvas.x + projected.x, y: canvas.y + projected.y };
}

/** Features of a map source drawn in the current view. */
const drawnFeatures = (page: Page, source: string) =>
  page.evaluate((id) => {
    const { map } = (window as unknown as MapHandle).__zonalyseMap;
    return map.getSource(id) ? map.querySourceFeatures(id).length : -1;
  }, source);

test.describe('Géomarketing panel', () => {
  test.setTimeout(300_000);

  test('a site in the 11e, bakeries, walking 10 minutes → potential, competitors on the map, Huff choropleth', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 120_000 });
    await mapReady(page);
    await page.evaluate(
      (center) => (window as unknown as MapHandle).__zonalyseMap.map.jumpTo({ center, zoom: 14 }),
      SITE,
    );

    await page
      .getByRole('group', { name: 'Panneaux de la carte' })
      .getByRole('button', { name: 'Géomarketing' })
      .click();
    const region = panel(page, 'geomarketing');
    await expect(region.getByText('Aucun site étudié')).toBeVisible();
    const analyse = region.getByRole('button', { name: 'Analyser le site' });
    await expect(analyse).toBeDisabled();

    // The site: a point of the map.
    await region.getByRole('button', { name: 'Choisir sur la carte' }).click();
    const point = await screenPoint(page, SITE);
    await page.mouse.click(point.x, point.y);
    await expect(region.getByText(/^Point : 48,85/)).toBeVisible();
    await expect(region.getByLabel('Secteur')).toHaveValue('bakeries');
    await expect(region.getByLabel('Mode')).toHaveValue('walking');
    await region.getByLabel('Temps de trajet').selectOption('10');
    await analyse.click();
    await expect(region.getByText('Calcul des temps de trajet et du modèle de Huff…')).toBeVisible();

    const potential = region.getByTestId('market-potential');
    await expect(potential).toBeVisible({ timeout: 120_000 });
    await expect(potential.locator('.market-card')).toHaveCount(3);
    await expect(potential.locator('.market-card').nth(1)).toContainText('10 min');
    await expect(potential.locator('.market-card').nth(1)).toContainText(/\d hab\./);
    const huff = region.getByTestId('market-huff');
    await expect(huff).toContainText('Boulangeries et pâtisseries');
    await expect(huff.getByText('Habitants captés')).toBeVisible();
    await expect(region.getByTestId('market-sensitivity-chart')).toContainText('λ 1,5');
    await expect(region.getByTestId('market-method')).toContainText('Modèle de Huff');
    const competitors = region.getByTestId('market-competitors');
    await expect(competitors.locator('tbody tr').first()).toBeVisible();
    await expect(region.getByRole('list', { name: 'Sources' })).toContainText('Filosofi');

    // On the map: the IRIS choropleth, the competitors and the site.
    await expect.poll(() => drawnFeatures(page, 'market-iris'), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect.poll(() => drawnFeatures(page, 'market-competitors'), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => drawnFeatures(page, 'market-site'), { timeout: 20_000 }).toBe(1);
    await page.screenshot({ path: 'tests/e2e/screenshots/market-huff-11e.png' });

    // Marking the first competitor as one's own re-runs the model with cannibalisation.
    await competitors.locator('tbody tr').first().getByRole('checkbox').click();
    await expect(huff.getByText('Cannibalisation')).toBeVisible({ timeout: 120_000 });

    // Dark mode: close the panel (the toolbar shows again), through the settings and back; the results stay.
    const geomarketing = page
      .getByRole('group', { name: 'Panneaux de la carte' })
      .getByRole('button', { name: 'Géomarketing' });
    await geomarketing.click();
    await toolbar(page).getByRole('link', { name: 'Paramètres' }).click();
    await page.getByRole('radio', { name: 'Sombre' }).check();
    await page.getByRole('link', { name: 'Retour à la carte' }).click();
    await mapReady(page, 'dark');
    await geomarketing.click();
    await expect(panel(page, 'geomarketing').getByTestId('market-huff')).toBeVisible();
    await expect.poll(() => drawnFeatures(page, 'market-iris'), { timeout: 20_000 }).toBeGreaterThan(3);
    await page.screenshot({ path: 'tests/e2e/screenshots/market-huff-11e-dark.png' });
  });
});
