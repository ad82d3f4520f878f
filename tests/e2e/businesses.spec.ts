import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { checkEleventhInTree, chooseThemeInSettings } from './support/mapJourney';
import { expect, mapIdle, mapReady, panel, test, toolbar } from './support/shellFixtures';


interface MapHandle {
  map: {
    project: (point: [number, number]) => { x: number; y: number };
    jumpTo: (options: object) => void;
    getZoom: () => number;
  };
}

/** Screen position of a [longitude, latitude] on the map canvas. */
async function screenPoint(page: Page, lngLat: [number, number]): Promise<{ x: number; y: number }> {
  const projected = await page.evaluate(
    (point) => (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.project(point),
    lngLat,
  );
  const canvas = await page.locator('.map-view__canvas canvas').first().boundingBox();
  if (!canvas) throw new Error('carte absente');
  return { x: canvas.x + projected.x, y: canvas.y + projected.y };
}

const digits = (text: string) => Number(text.replace(/\D/g, ''));

test.describe('businesses panel', () => {
  test.setTimeout(420_000);

  test('11e → overview and top sectors → restaurants on the map → marker popup → card; NAF picker, name search, CSV', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto('/map');
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 120_000 });
    await mapReady(page);

    // Without a zone: the product's empty state.
    await toolbar(page).getByRole('button', { name: 'Entreprises', exact: true }).click();
    const region = panel(page, 'businesses');
    await expect(region.getByText('Zone de recherche requise')).toBeVisible();
    await expect(region.getByText('Commencez votre analyse')).toBeVisible();
    await region
      .getByRole('button', { name: /Fermer/ })
      .first()
      .click();

    // The 11e arrondissement from the administrative tree of the perimeter panel.
    await checkEleventhInTree(page);

    // Only the businesses panel stays open, so that the map keeps room for the markers.
    await panel(page, 'perimeter').getByRole('button', { name: 'Fermer le panneau Périmètre d’analyse' }).click();
    await toolbar(page).getByRole('button', { name: 'Entreprises', exact: true }).click();
    await expect(region.getByText('Analyse en cours...').or(region.getByTestId('business-analysis'))).toBeVisible();
    await expect(region.getByTestId('business-analysis')).toBeVisible({ timeout: 120_000 });
    await expect(region.getByText(/Zone : Paris 11e/)).toBeVisible();

    // Overview: total, density, the five size classes, ten first sectors with their sources.
    const overview = region.getByTestId('business-overview');
    const total = digits(await overview.getByTestId('business-total').innerText());
    expect(total).toBeGreaterThan(1000);
    await expect(overview.getByText('Densité')).toBeVisible();
    for (const size of ['TPE', 'PME', 'ETI', 'GE', 'Inconnu'])
      await expect(overview.getByText(size, { exact: true })).toBeVisible();
    await expect(overview.getByTestId('top-sector')).toHaveCount(10);
    await expect(overview.getByText(/^OpenStreetMap · OSM \d{4}-\d{2}-\d{2}/)).toBeVisible();
    const restaurants = overview.getByTestId('top-sector').filter({ hasText: 'Restauration' }).first();
    await restaurants.getByRole('button', { name: /^Informations sur/ }).click();
    await expect(restaurants.getByRole('note')).toContainText('Division 56');
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-overview-11e.png' });

    // Restaurants on the map: markers clustered in the worker, the map fitted to them.
    const toggle = restaurants.getByRole('button', { name: /^Afficher .* sur la carte$/ });
    await expect(toggle).toBeEnabled({ timeout: 120_000 });
    await toggle.click();
    await expect(restaurants.getByRole('button', { name: /^Masquer .* sur la carte$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
      {
        timeout: 60_000,
      },
    );
    const canvas = page.locator('.map-view__canvas canvas').first();
    await expect(canvas).toHaveAttribute('data-business-markers', /^[1-9]/, { timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.getZoom()))
      .toBeLessThanOrEqual(12.01);
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-restaurants-map.png' });

    // A restaurant of the layer: zoom on it, click its marker, the popup, then its name.
    const target = await page.evaluate(() => {
      const state = (
        window as unknown as {
          __zonalyseStore: {
            getState(): {
              businesses: {
                mapLayers: Record<
                  string,
                  { businesses: { id: string; name: string; longitude: number; latitude: number }[] }
                >;
              };
            };
          };
        }
      ).__zonalyseStore.getState();
      const layer = Object.values(state.businesses.mapLayers)[0];
      const named = layer?.businesses.find((business) => business.name !== 'Sans nom') ?? layer?.businesses[0];
      return named ?? null;
    });
    expect(target).not.toBeNull();
    const { id, name, longitude, latitude } = target as {
      id: string;
      name: string;
      longitude: number;
      latitude: number;
    };
    await page.evaluate(
      (center) => (window as unknown as { __zonalyseMap: MapHandle }).__zonalyseMap.map.jumpTo({ center, zoom: 18 }),
      [longitude, latitude] as [number, number],
    );
    await expect(canvas).toHaveAttribute('data-business-markers', /^[1-9]/);
    await mapIdle(page);
    const point = await screenPoint(page, [longitude, latitude]);
    await page.mouse.click(point.x, point.y);
    const popup = page.locator('.maplibregl-popup .biz-popup');
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name })).toBeVisible();
    await expect(popup).toContainText(/Créé le|entreprises à cette adresse/);
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-popup.png' });
    await popup.getByRole('button', { name }).first().click();
    const card = region.getByTestId('highlighted-business');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('data-business-id', id);
    await expect(card).toContainText(name);
    await expect(card).toBeInViewport();
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-card-highlighted.png' });

    // Nearest competitors of an address by walking time on the street graph.
    const nearest = region.getByTestId('business-nearest');
    await nearest.getByRole('button', { name: 'Concurrents les plus proches', exact: true }).click();
    await nearest.getByLabel('Catégorie').selectOption('restaurants');
    await nearest.getByLabel('Marche maximale').selectOption('5');
    await nearest.getByRole('radio', { name: 'Une adresse' }).check();
    await nearest
      .getByRole('searchbox', { name: 'Adresse de départ des concurrents' })
      .fill('76 rue de Charonne, Paris');
    await nearest.getByRole('button', { name: 'Trouver les concurrents' }).click();
    const competitors = nearest.getByTestId('nearest-competitors');
    await expect(competitors).toBeVisible({ timeout: 60_000 });
    // The first is on the same street; « 1000 & 1 Signes » (no 76, named in the Ville de Paris list) is listed.
    await expect(competitors.getByRole('listitem').first()).toContainText(/rue de Charonne/i);
    await expect(competitors.getByRole('listitem').filter({ hasText: '1000 & 1 Signes' })).toHaveCount(1);
    const minutes = (await competitors.locator('.biz-nearest__time').allInnerTexts()).map((text) =>
      Number(text.replace(' min à pied', '').replace(',', '.')),
    );
    expect(minutes.length).toBeGreaterThan(3);
    expect(
      minutes.every((value, index) => value <= 5 && (index === 0 || value >= (minutes[index - 1] as number))),
    ).toBe(true);
    await expect(nearest.getByTestId('nearest-method')).toContainText('graphe des rues');
    await expect(nearest.getByTestId('nearest-method')).toContainText('pas à vol d’oiseau');
    await expect(competitors.getByText(/^Source : /).first()).toBeVisible();
    await nearest.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-nearest-competitors.png' });
    await nearest.getByRole('button', { name: 'Concurrents les plus proches', exact: true }).click();

    // The full list (DuckDB-WASM): its total is the overview's; search, filter, CSV export.
    const list = region.getByTestId('business-list');
    await list.getByRole('button', { name: 'Liste complète des entreprises' }).click();
    await expect(
      list.getByText(new RegExp(`^${total.toLocaleString('fr-FR').replace(/\s/g, '\\s')} entreprises`)),
    ).toBeVisible({
      timeout: 60_000,
    });
    await expect(list.getByText(/^Page 1 sur \d+/)).toBeVisible();
    await list.getByRole('button', { name: 'Suivant' }).click();
    await expect(list.getByText(/^Page 2 sur \d+/)).toBeVisible();
    await list.getByLabel('Préfixe NAF').fill('10.71C');
    await expect(list.getByText(/^Page 2 sur/)).toBeHidden();
    const bakeriesLine = list.getByText(/^\d[\d\s]* entreprises? ·/);
    await expect(bakeriesLine).toBeVisible();
    await expect.poll(async () => digits((await bakeriesLine.innerText()).split('·')[0] ?? '')).toBeGreaterThan(10);
    const bakeries = digits((await bakeriesLine.innerText()).split('·')[0] ?? '');
    await expect(list.getByTestId('business-card').first()).toContainText('10.71C');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: 'Exporter CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^entreprises_zone_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(
      csv.startsWith(
        '\uFEFFSIRET;Nom;Enseigne;Code NAF;Activité;Adresse;Ville;Code Postal;Effectifs;Statut;Source\r\n',
      ),
    ).toBe(true);
    const rows = csv.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(bakeries);
    expect(rows.every((row) => row.split(';')[3] === '10.71C')).toBe(true);
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-list.png' });

    // Recherche avancée: NAF picker search, chips, results in the zone; then by name.
    await region.getByRole('tab', { name: 'Recherche avancée' }).click();
    const search = region.getByTestId('custom-search');
    await search.getByRole('button', { name: /^Codes NAF \(1\s707 codes disponibles\)$/ }).click();
    const picker = search.getByTestId('naf-picker');
    await expect(picker.getByRole('list', { name: 'Nomenclature NAF' })).toBeVisible({ timeout: 30_000 });
    await picker.getByRole('searchbox', { name: 'Rechercher un code NAF' }).fill('boulangerie');
    await picker.getByRole('checkbox', { name: /10\.71C/ }).check();
    await expect(search.getByLabel('Codes NAF choisis')).toContainText('10.71C');
    await search.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const results = search.getByTestId('search-results');
    await expect(results).toBeVisible({ timeout: 30_000 });
    await expect(results.getByTestId('business-card').first()).toContainText('10.71C');
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-naf-search.png' });

    await search.getByRole('button', { name: 'Par nom' }).click();
    const nameBox = search.getByRole('searchbox', { name: /Nom de l’entreprise/ });
    await nameBox.fill('a');
    await expect(search.getByRole('button', { name: 'Rechercher', exact: true })).toBeDisabled();
    await nameBox.fill('Boulangerie');
    await search.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect(search.getByText(/^\d+ résultats? ·/)).toBeVisible({ timeout: 30_000 });
    await expect(
      results
        .getByTestId('business-card')
        .filter({ hasText: /boulangerie/i })
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-name-search.png' });

    // Commerces et services: category cards and the two ECharts charts.
    await region.getByRole('tab', { name: 'Commerces et services' }).click();
    const sectors = region.getByTestId('business-sectors');
    await expect(sectors).toBeVisible({ timeout: 60_000 });
    await expect(
      sectors.getByTestId('business-category').filter({ hasText: 'Boulangeries et pâtisseries' }),
    ).toContainText(/\d/);
    // No loaded source lists bars in Paris: the card says so instead of a false 0.
    const bars = sectors.getByTestId('business-category').filter({ hasText: 'Bars et cafés' });
    await expect(bars).toContainText('non disponible');
    await bars.getByRole('button', { name: /Bars et cafés/ }).click();
    await expect(bars).toContainText('Aucune source chargée ne recense cette catégorie');
    await expect(sectors.getByRole('img', { name: 'Répartition des établissements par taille' })).toBeVisible();
    await expect(sectors.getByRole('img', { name: 'Les cinq premiers secteurs de la zone' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-sectors.png' });

    // Dark mode, chosen in the settings page; back on the map the panel opens again on the same zone.
    await chooseThemeInSettings(page, 'Sombre');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await toolbar(page).getByRole('button', { name: 'Entreprises', exact: true }).click();
    await expect(region.getByText(/Zone : Paris 11e/)).toBeVisible();
    await region.getByRole('tab', { name: 'Commerces et services' }).click();
    await expect(sectors.getByRole('img', { name: 'Les cinq premiers secteurs de la zone' })).toBeVisible({
      timeout: 60_000,
    });
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-sectors-dark.png' });
    await region.getByRole('tab', { name: 'Analyse' }).click();
    await page.screenshot({ path: 'tests/e2e/screenshots/businesses-overview-dark.png' });
  });
});
