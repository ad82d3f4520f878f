import type { Page } from '@playwright/test';
import { checkEleventhInTree } from './support/mapJourney';
import { expect, mapReady, panel, rail, test } from './support/shellFixtures';


/** Screen position of a [longitude, latitude] on the map canvas. */
async function screenPoint(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  const projected = await page.evaluate((point) => {
    const map = (
      window as unknown as { __zonalyseMap: { map: { project: (p: [number, number]) => { x: number; y: number } } } }
    ).__zonalyseMap.map;
    return map.project(point);
  }, lngLat);
  const canvas = await page.locator('.map-view__canvas canvas').first().boundingBox();
  if (!canvas) throw new Error('carte absente');
  return { x: canvas.x + projected.x, y: canvas.y + projected.y };
}

test.describe('public services panel', () => {
  test.setTimeout(300_000);

  test('11e from the perimeter → Analyse → Éducation → a school on the map; Recherche avancée and Statistiques', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/map');
    // The shared machine is loaded: give the first style load more time than the default expectation.
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 120_000 });
    await mapReady(page);

    // The 11e arrondissement from the administrative tree of the perimeter panel.
    await checkEleventhInTree(page);

    await rail(page).getByRole('button', { name: 'Services publics' }).click();
    const region = panel(page, 'public_services');
    await expect(
      region.getByText('Analyse en cours...').or(region.getByTestId('public-services-analysis')),
    ).toBeVisible();
    await expect(region.getByTestId('public-services-analysis')).toBeVisible({ timeout: 90_000 });
    await expect(region.getByText(/Zone : Paris 11e/)).toBeVisible();

    // Éducation: expand, show one school (real position) and centre on it.
    const education = region.getByRole('button', { name: /^Éducation/ });
    await expect(education).toContainText(/services? trouvés?/);
    await education.click();
    const school = region
      .getByTestId('public-service')
      .filter({ hasNotText: 'position de démonstration' })
      .filter({ hasText: /MAT|ELE|Collège|COLLEGE/i })
      .first();
    await expect(school).toBeVisible();
    const name = (await school.locator('.ps-service__name').innerText()).trim();
    await school.getByRole('button', { name: `Afficher ${name} sur la carte` }).click();
    await school.getByRole('button', { name: `Centrer la carte sur ${name}` }).click();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { __zonalyseMap: { map: { getZoom: () => number } } }).__zonalyseMap.map.getZoom(),
          ),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(15.9);
    await expect(page.locator('.map-view__canvas canvas').first()).toHaveAttribute(
      'data-public-service-markers',
      /^[1-9]/,
    );
    const centre = await page.evaluate(() => {
      const map = (window as unknown as { __zonalyseMap: { map: { getCenter: () => { lng: number; lat: number } } } })
        .__zonalyseMap.map;
      const { lng, lat } = map.getCenter();
      return [lng, lat] as [number, number];
    });
    const point = await screenPoint(page, centre);
    await page.mouse.click(point.x, point.y);
    const popup = page.locator('.maplibregl-popup .ps-popup');
    await expect(popup).toContainText(name);
    await expect(popup).toContainText('75011');
    await page.screenshot({ path: 'tests/e2e/screenshots/public-services-analysis-11e.png' });

    // How well the zone is served: the table and the method.
    const served = region.getByTestId('served-population');
    await served.scrollIntoViewIfNeeded();
    await expect(served).toBeVisible({ timeout: 120_000 });
    await expect(served.getByRole('row', { name: /Éducation/ })).toContainText('%');
    await expect(region.getByText(/^Méthode :/)).toBeVisible();
    await region.getByRole('img', { name: /Part des habitants/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/screenshots/public-services-served-11e.png' });

    // Recherche avancée → Services: a category's types, the département selector, markers on the map.
    await region.getByRole('tab', { name: 'Recherche avancée' }).click();
    await region.getByRole('button', { name: /^Culture/ }).click();
    const tourism = region.getByTestId('service-type').filter({ hasText: 'Information touristique' });
    await expect(tourism).toContainText('% géo');
    await tourism.getByRole('button', { name: 'Information touristique', exact: true }).click();
    await expect(tourism.locator('.ps-services li').first()).toBeVisible();
    await tourism.getByRole('button', { name: 'Choisir les départements pour Information touristique' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sélectionnez les départements' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Afficher' })).toBeDisabled();
    const search = dialog.getByPlaceholder('Rechercher un département...');
    for (const code of ['01', '02', '03', '04', '05']) {
      await search.fill(code);
      await dialog.getByRole('checkbox', { name: new RegExp(`^${code} — `) }).check();
    }
    await expect(dialog.getByText('5/5 départements sélectionnés')).toBeVisible();
    await search.fill('paris');
    await expect(dialog.getByRole('checkbox', { name: '75 — Paris' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();

    await tourism.getByRole('button', { name: 'Choisir les départements pour Information touristique' }).click();
    await dialog.getByPlaceholder('Rechercher un département...').fill('PARIS');
    await dialog.getByRole('checkbox', { name: '75 — Paris' }).check();
    await expect(dialog.getByText('1/5 départements sélectionnés')).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/public-services-departements.png' });
    await dialog.getByRole('button', { name: 'Afficher' }).click();
    await expect(page.getByText(/Information touristique affichés/)).toBeVisible({ timeout: 30_000 });
    await expect(tourism.getByRole('button', { name: 'Masquer' })).toBeVisible();
    await page.evaluate(() =>
      (window as unknown as { __zonalyseMap: { map: { jumpTo: (options: object) => void } } }).__zonalyseMap.map.jumpTo(
        {
          center: [2.35, 48.86],
          zoom: 12,
        },
      ),
    );
    await expect(page.locator('.map-view__canvas canvas').first()).toHaveAttribute(
      'data-public-service-markers',
      /^[1-9]/,
    );
    await page.screenshot({ path: 'tests/e2e/screenshots/public-services-search.png' });

    // Statistiques.
    await region.getByRole('button', { name: 'Statistiques' }).click();
    const statistics = region.getByTestId('public-services-statistics');
    await expect(statistics).toBeVisible();
    await expect(statistics.getByText('Couverture géographique')).toBeVisible();
    await expect(statistics).toContainText(/\d+,\d %/);
    await expect(statistics).toContainText('positions de démonstration');
    await page.screenshot({ path: 'tests/e2e/screenshots/public-services-statistics.png' });
  });
});
