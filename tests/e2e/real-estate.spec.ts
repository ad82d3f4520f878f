import type { Page } from '@playwright/test';
import { closePerimeter, createWalkingIsochrone, pickEleventhArrondissement } from './support/mapJourney';
import { expect, mapReady, panel, rail, test, toolbar } from './support/shellFixtures';

const total = async (page: Page) =>
  Number((await panel(page, 'real-estate').getByTestId('transactions-total').innerText()).replace(/\D/g, ''));

test.describe('real-estate panel', () => {
  test.setTimeout(180_000);

  test('analyses the 11e and an isochrone, filters, opens a group, shows clusters', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/map');
    await mapReady(page);
    const region = panel(page, 'real-estate');

    // The 11e picked in the perimeter panel's tree becomes the active zone; the panel opens from the toolbar.
    await pickEleventhArrondissement(page);
    await closePerimeter(page);
    await toolbar(page).getByRole('button', { name: 'Immobilier DVF', exact: true }).click();
    await expect(region.getByText(/Paris 11e Arrondissement/).first()).toBeVisible({ timeout: 60_000 });
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
    expect(Number((await region.getByTestId('dwelling-sales-total').innerText()).replace(/\D/g, ''))).toBeLessThan(
      eleventh,
    );
    // Compared with the committed baseline (tests/e2e/real-estate.spec.ts-snapshots): text, figures and layout.
    await expect(apartments).toHaveScreenshot('real-estate-apartment-card-11e.png');
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
    for (const text of await groups.evaluateAll((elements) =>
      elements.slice(0, 8).map((element) => element.textContent ?? ''),
    )) {
      expect(text).toContain('Appartement');
    }
    await groups.first().getByRole('button').first().click();
    await expect(groups.first().getByText('Identifiant de mutation')).toBeVisible();
    await expect(groups.first().getByRole('button', { name: 'Centrer sur la carte' })).toBeEnabled();
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-filtered-group.png' });
    await groups.first().getByRole('button', { name: 'Centrer sur la carte' }).click();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { __zonalyseMap: { map: { getZoom(): number } } }).__zonalyseMap.map.getZoom(),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(15.5);

    // A 10-minute walk created in the perimeter panel (« Zone 2 », the new active zone): a smaller zone, fewer sales.
    await rail(page).getByRole('button', { name: 'Fermer tous les panneaux' }).click();
    await createWalkingIsochrone(page, '52 rue de la Roquette, Paris', /52 Rue de la Roquette.*75011/i, 10);
    await closePerimeter(page);
    await toolbar(page).getByRole('button', { name: 'Immobilier DVF', exact: true }).click();
    await expect(region.getByText('Zone 2', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
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
            ).__zonalyseMap.map.queryRenderedFeatures({
              layers: ['real-estate-clusters-circle', 'real-estate-clusters-single'],
            }).length,
        ),
      )
      .toBeGreaterThan(5);
    await page.screenshot({ path: 'tests/e2e/screenshots/real-estate-clusters.png' });
  });
});
