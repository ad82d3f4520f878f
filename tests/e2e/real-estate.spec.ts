import type { Page } from '@playwright/test';
import { expect, mapReady, panel, test } from './support/shellFixtures';

/** A zone in the shape of kernel/zones/Zone.ts, seeded through the store (the perimeter UI is another domain). */
function zone(id: string, name: string, coordinates: [number, number], ring: [number, number][], properties: object) {
  return {
    id,
    name,
    address: name,
    coordinates,
    transportMode: 'walking',
    travelTime: 10,
    zoneType: 'time',
    zoneDistance: 0,
    geometry: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
    color: '#2563eb',
    properties,
  };
}

/** A 10-minute walk stand-in around République: a 16-gon of about 700 m radius. */
function isochroneRing(): [number, number][] {
  const [longitude, latitude] = [2.3699, 48.8675];
  const ring: [number, number][] = [];
  for (let index = 0; index <= 16; index += 1) {
    const angle = (index / 16) * 2 * Math.PI;
    ring.push([longitude + (0.7 / 73.2) * Math.cos(angle), latitude + (0.7 / 111.2) * Math.sin(angle)]);
  }
  return ring;
}

const ELEVENTH = zone(
  'zone-75111',
  'Paris 11e Arrondissement',
  [2.3795, 48.8591],
  [
    [2.3637, 48.8530],
    [2.4000, 48.8480],
    [2.4014, 48.8665],
    [2.3660, 48.8710],
    [2.3637, 48.8530],
  ],
  { type: 'administrative', level: 'commune', code: '75111' },
);
const ISOCHRONE = zone('zone-isochrone', 'Place de la République — 10 min à pied', [2.3699, 48.8675], isochroneRing(), {
  type: 'isochrone',
});

async function seed(page: Page, seeded: ReturnType<typeof zone>) {
  await page.evaluate((value) => {
    const store = (window as unknown as { __zonalyseStore: { dispatch: (action: object) => void } }).__zonalyseStore;
    store.dispatch({ type: 'zones/zoneAdded', payload: value });
    store.dispatch({ type: 'layout/zoneSelected', payload: value.id });
    store.dispatch({ type: 'layout/panelOpened', payload: 'real-estate' });
  }, seeded);
}

const total = async (page: Page) =>
  Number((await panel(page, 'real-estate').getByTestId('transactions-total').innerText()).replace(/\D/g, ''));

test.describe('real-estate panel', () => {
  test.setTimeout(180_000);

  test('analyses the 11e and an isochrone, filters, opens a group, shows clusters', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/map');
    await mapReady(page);
    const region = panel(page, 'real-estate');

    await seed(page, ELEVENTH);
    await expect(region.getByTestId('transactions-total')).toBeVisible({ timeout: 60_000 });
    const eleventh = await total(page);
    expect(eleventh).toBeGreaterThan(5000);
    for (const title of [
      'Prix au m² · appartements',
      'Prix moyen d’une vente',
      'Ventes de logements',
      'Mutations',
      'Répartition par type',
      'Répartition par type de mutation',
    ]) {
      await expect(region.getByText(title, { exact: true }).first()).toBeVisible();
    }
    // The headline €/m² of apartments: sales without dependency, the figure with dependencies one click away.
    const apartments = region.getByTestId('apartment-price-card');
    await expect(apartments).toContainText('sans dépendance');
    const withoutDependencies = await region.getByTestId('apartment-price-median').innerText();
    expect(Number((await region.getByTestId('dwelling-sales-total').innerText()).replace(/\D/g, ''))).toBeLessThan(eleventh);
    await region.getByTestId('apartment-price-card').screenshot({ path: 'tests/e2e/screenshots/real-estate-cards-11e.png' });
    await apartments.getByRole('button', { name: /Voir avec dépendances/ }).click();
    await expect(apartments).toContainText('avec cave ou parking');
    await expect(region.getByTestId('apartment-price-median')).not.toHaveText(withoutDependencies);
    await apartments.getByRole('button', { name: /Voir sans dépendance/ }).click();
    await expect(region.getByTestId('price-per-m2-mix')).toContainText('types mélangés');
    await expect(region.getByTestId('market-snapshot')).toContainText('Appartement');
    await expect(region.getByRole('img', { name: /Évolution du prix médian/ })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-analysis-11e.png' });

    // Filter: Appartement, 2–3 pièces, under 500 000 €.
    await region.getByRole('button', { name: 'Filtrer' }).click();
    await region.getByLabel('Appartement').check();
    await region.getByLabel('Pièces min').fill('2');
    await region.getByLabel('Pièces max').fill('3');
    await region.getByLabel('Prix max (€)').fill('500000');
    await region.getByRole('button', { name: 'Voir toutes les transactions' }).click();
    await expect(region.getByText('Toutes les transactions')).toBeVisible();
    await expect(region.getByTestId('transaction-counter')).toContainText('filtrage local', { timeout: 60_000 });
    const counter = await region.getByTestId('transaction-counter').innerText();
    const [shown] = counter.replace(/\u202f|\s/g, '').split('sur');
    expect(Number(shown)).toBeGreaterThan(100);
    expect(Number(shown)).toBeLessThan(eleventh);
    const groups = region.getByTestId('transaction-group');
    await expect(groups.first()).toBeVisible();
    for (const text of await groups.evaluateAll((elements) => elements.slice(0, 8).map((element) => element.textContent ?? ''))) {
      expect(text).toContain('Appartement');
    }
    await groups.first().getByRole('button').first().click();
    await expect(groups.first().getByText('Identifiant de mutation')).toBeVisible();
    await expect(groups.first().getByRole('button', { name: 'Centrer sur la carte' })).toBeEnabled();
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-filtered-group.png' });
    await groups.first().getByRole('button', { name: 'Centrer sur la carte' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __zonalyseMap: { map: { getZoom(): number } } }).__zonalyseMap.map.getZoom()), {
        timeout: 10_000,
      })
      .toBeGreaterThan(15.5);

    // The isochrone stand-in: a smaller zone, fewer sales.
    await seed(page, ISOCHRONE);
    await expect(region.getByText('Place de la République — 10 min à pied')).toBeVisible({ timeout: 60_000 });
    await expect(region.getByTestId('transactions-total')).toBeVisible({ timeout: 60_000 });
    const isochrone = await total(page);
    expect(isochrone).toBeGreaterThan(100);
    expect(isochrone).toBeLessThan(eleventh);
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-analysis-isochrone.png' });

    // Map tab: clusters of the view.
    await region.getByRole('tab', { name: 'Carte interactive' }).click();
    await page.evaluate(() =>
      (window as unknown as { __zonalyseMap: { map: { jumpTo(options: object): void } } }).__zonalyseMap.map.jumpTo({
        center: [2.375, 48.862],
        zoom: 14,
      }),
    );
    await region.getByRole('button', { name: 'Afficher les clusters' }).click();
    await expect(region.getByTestId('cluster-count')).toBeVisible({ timeout: 60_000 });
    expect(Number((await region.getByTestId('cluster-count').innerText()).replace(/\D/g, ''))).toBeGreaterThan(5);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (
              window as unknown as { __zonalyseMap: { map: { queryRenderedFeatures(options: object): unknown[] } } }
            ).__zonalyseMap.map.queryRenderedFeatures({ layers: ['real-estate-clusters-circle', 'real-estate-clusters-single'] }).length,
        ),
      )
      .toBeGreaterThan(5);
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-clusters.png' });
  });
});
