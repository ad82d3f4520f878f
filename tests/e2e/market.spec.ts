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

  test('gyms around the centre of the map: distance, chain filter, list and markers', async ({ page }) => {
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
    await region.getByRole('tab', { name: 'Salles de sport' }).click();
    const gyms = region.getByTestId('market-gyms');
    await expect(gyms.getByText('Aucune recherche')).toBeVisible();
    await gyms.getByLabel('Distance').selectOption('2');
    await gyms.getByRole('button', { name: 'Chercher les salles' }).click();

    const count = gyms.getByTestId('market-gyms-count');
    await expect(count).toContainText(/^\d[\d\u202f ]* salles? à moins de 2 km$/, { timeout: 60_000 });
    await expect(gyms.getByText('Autour de : Centre de la carte')).toBeVisible();
    const rows = gyms.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const listed = await rows.count();
    expect(listed).toBeGreaterThan(0);
    // Nearest first, every one within 2 km.
    const distances = (await rows.locator('td:nth-child(3)').allTextContents()).map((text) =>
      text.endsWith(' km')
        ? Number(text.replace(' km', '').replace(',', '.')) * 1_000
        : Number(text.replace(/\D/g, '')),
    );
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(2_000);
    await expect(gyms.getByRole('list', { name: 'Sources des salles' })).toContainText('NAF 93.13Z');
    await expect.poll(() => drawnFeatures(page, 'market-gyms'), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: 'tests/e2e/screenshots/market-gyms-11e.png' });

    // Independents only: every row says so, and the chain options carry the territory's counts.
    await gyms.getByLabel('Chaîne').selectOption('independent');
    await gyms.getByRole('button', { name: 'Chercher les salles' }).click();
    await expect(gyms.getByRole('option', { name: /^Basic-Fit \(\d+\)$/ })).toHaveCount(1);
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    const chains = await rows.locator('td:nth-child(2)').allTextContents();
    expect(new Set(chains)).toEqual(new Set(['Indépendante']));

    // Back to the study tab: its form is there.
    await region.getByRole('tab', { name: 'Étude de site' }).click();
    await expect(region.getByRole('button', { name: 'Analyser le site' })).toBeVisible();
  });
});
