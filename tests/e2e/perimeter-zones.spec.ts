import type { Page } from '@playwright/test';
import { expect, mapIdle, mapReady, test, toolbar } from './support/shellFixtures';

const PANEL_TITLE = 'Périmètre d’analyse';
const perimeter = (page: Page) => page.getByRole('region', { name: PANEL_TITLE, exact: true });

async function openPerimeter(page: Page): Promise<void> {
  if (!(await perimeter(page).isVisible())) {
    await toolbar(page).getByRole('button', { name: PANEL_TITLE, exact: true }).click();
  }
  await expect(perimeter(page)).toBeVisible();
}

interface StoredZone {
  id: string;
  name: string;
  color: string;
  transportMode: string;
  zoneType: string;
  zoneDistance: number;
  travelTime: number;
  properties: Record<string, unknown>;
}

const storeZones = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { __zonalyseStore: { getState(): { zones: { zones: StoredZone[] } } } }
      ).__zonalyseStore.getState().zones.zones,
  );

const syncIdle = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            window as unknown as { __zonalyseStore: { getState(): { zones: { syncStatus: string } } } }
          ).__zonalyseStore.getState().zones.syncStatus,
      ),
    )
    .toBe('idle');

/** The zone names of the panel's list, in order. */
const listedZoneNames = (page: Page) => perimeter(page).locator('.zone-row__name').allTextContents();

test.describe('perimeter: zones', () => {
  test('tree zones (11e arrondissement, one IRIS) and a drawn polygon survive a reload; deleting one', async ({
    page,
  }) => {
    await page.goto('/map');
    await mapReady(page);
    await openPerimeter(page);
    await expect(perimeter(page).getByText('Aucune zone créée')).toBeVisible();
    await expect(perimeter(page).getByText('Créez une zone pour commencer votre analyse')).toBeVisible();

    // Create-zone view: blank address refused; type, mode and slider; cancel returns.
    await perimeter(page).getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
    await perimeter(page).getByRole('button', { name: 'Créer la zone' }).click();
    await expect(perimeter(page).getByText('Veuillez saisir une adresse de départ')).toBeVisible();
    await expect(perimeter(page).getByRole('button', { name: 'Rechercher' })).toBeDisabled();
    await expect(perimeter(page).getByText('Temps de trajet : 15 min')).toBeVisible();
    await perimeter(page).getByRole('radio', { name: 'Distance' }).check();
    const distance = perimeter(page).getByLabel(/Distance :/);
    await expect(distance).toHaveAttribute('min', '1');
    await expect(distance).toHaveAttribute('max', '50');
    await distance.fill('2');
    await expect(perimeter(page).getByText('Distance : 2 km')).toBeVisible();
    await perimeter(page).getByRole('radio', { name: /Vélo/ }).check();
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-create-view.png' });
    await perimeter(page).getByRole('button', { name: 'Annuler' }).click();
    await expect(perimeter(page).getByText('Aucune zone créée')).toBeVisible();

    // Administrative tree: France expanded with its régions, DOM-TOM last.
    await perimeter(page).getByRole('button', { name: 'Zone administrative' }).click();
    const tree = perimeter(page).getByRole('tree', { name: 'Zones administratives' });
    await expect(tree.getByRole('button', { name: 'Île-de-France', exact: true })).toBeVisible();
    const names = await tree.locator(':scope > li > ul > li > .tree__row .tree__name').allTextContents();
    expect(names.at(-1)).toBe('DOM-TOM (Outre-Mer)');
    expect(names[0]).toBe('Auvergne-Rhône-Alpes');
    await tree.getByRole('button', { name: 'France', exact: true }).click();
    await expect(page.getByText('La zone France entière est en cours de développement')).toBeVisible();

    await tree.getByRole('button', { name: 'Déplier Île-de-France' }).click();
    await tree.getByRole('button', { name: 'Déplier Paris (75)' }).click();
    const eleventh = tree.getByRole('button', { name: /^Paris 11e.*\(75111\)$/ });
    await eleventh.click();
    await expect(
      tree
        .getByRole('treeitem', { name: /Paris 11e/ })
        .locator('.tree__check')
        .first(),
    ).toBeVisible();
    await syncIdle(page);
    // Adding it again only alerts.
    await eleventh.click();
    await expect(page.getByText('Cette commune est déjà dans votre liste de zones')).toBeVisible();

    await tree.getByRole('button', { name: /^Déplier Paris 11e/ }).click();
    const firstIris = tree.getByRole('button', { name: /\(75111\d{4}\)$/ }).first();
    await expect(firstIris).toBeVisible();
    const irisLabel = (await firstIris.textContent()) ?? '';
    const irisCode = /\((\d{9})\)$/.exec(irisLabel)?.[1] as string;
    await firstIris.click();
    await syncIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-tree.png' });

    await perimeter(page).getByRole('button', { name: '← Retour' }).click();
    let zones = await storeZones(page);
    expect(zones.map((zone) => zone.id)).toEqual(['commune-75111', `iris-${irisCode}`]);
    expect(zones[0]).toMatchObject({ color: '#10B981', properties: { level: 'commune', type: 'administrative' } });
    expect(zones[1]?.color).toBe('#F59E0B');
    expect(zones[0]?.name).toMatch(/^Paris 11e.* - Commune Française \(75111\)$/);

    // Draw a polygon: numbered vertices, complete from 3 points.
    await perimeter(page).getByRole('button', { name: 'Dessiner un polygone sur la carte' }).click();
    const finish = perimeter(page).getByRole('button', { name: 'Terminer le polygone' });
    const canvas = page.locator('.map-view__canvas canvas');
    await canvas.click({ position: { x: 300, y: 300 } });
    await canvas.click({ position: { x: 480, y: 320 } });
    await expect(finish).toBeDisabled();
    await canvas.click({ position: { x: 460, y: 480 } });
    await canvas.click({ position: { x: 320, y: 470 } });
    await expect(perimeter(page).getByText('4 points placés')).toBeVisible();
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-drawing.png' });
    await expect(finish).toBeEnabled();
    await finish.click();
    await syncIdle(page);
    zones = await storeZones(page);
    expect(zones).toHaveLength(3);
    const drawn = zones[2] as StoredZone;
    expect(drawn).toMatchObject({ name: 'Zone 3', properties: { type: 'drawn' } });
    expect((drawn.properties.points as unknown[]).length).toBe(4);

    // A cancelled drawing leaves nothing.
    await perimeter(page).getByRole('button', { name: 'Dessiner un polygone sur la carte' }).click();
    await canvas.click({ position: { x: 200, y: 600 } });
    await perimeter(page).getByRole('button', { name: 'Annuler le dessin' }).click();
    expect(await storeZones(page)).toHaveLength(3);

    await expect(perimeter(page).getByText('3 zones sélectionnées')).toBeVisible();
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-zones.png' });

    // Reload: the zones come back from the server.
    await page.reload();
    await mapReady(page);
    await openPerimeter(page);
    await expect.poll(() => listedZoneNames(page)).toHaveLength(3);
    const listed = await listedZoneNames(page);
    expect(listed[0]).toMatch(/Commune Française \(75111\)$/);
    expect(listed[1]).toContain(`IRIS (${irisCode})`);
    expect(listed[2]).toBe('Zone 3');

    // Delete one (confirmation), it stays deleted after a reload.
    await perimeter(page)
      .getByRole('button', { name: `Supprimer ${listed[1]}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer cette zone ?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
    await expect.poll(() => listedZoneNames(page)).toHaveLength(2);
    await syncIdle(page);
    await page.reload();
    await mapReady(page);
    await openPerimeter(page);
    await expect.poll(() => listedZoneNames(page)).toEqual([listed[0], 'Zone 3']);

    // Centre on a zone: zoom 13.
    await perimeter(page).getByRole('button', { name: 'Centrer la carte sur Zone 3' }).click();
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { __zonalyseMap: { map: { getZoom(): number } } }).__zonalyseMap.map.getZoom(),
        ),
      )
      .toBeCloseTo(13, 1);
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-after-reload.png' });
  });

  test('isochrone zones: 15 min walking from 10 rue de Rivoli, 2 km cycling', async ({ page }) => {
    await page.goto('/map');
    await mapReady(page);
    await openPerimeter(page);
    await perimeter(page).getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
    const address = perimeter(page).getByRole('combobox', { name: 'Adresse de départ' });

    // Blank address: the spec's alert.
    await perimeter(page).getByRole('button', { name: 'Créer la zone' }).click();
    await expect(perimeter(page).getByText('Veuillez saisir une adresse de départ')).toBeVisible();

    await address.fill('10 rue de Rivoli, Paris');
    const suggestion = perimeter(page).getByRole('option').first();
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toContainText(/Rivoli/i);
    await suggestion.getByRole('button').click();
    await perimeter(page)
      .getByRole('radio', { name: /À pied/ })
      .check();
    const slider = perimeter(page).getByLabel(/Temps de trajet/);
    await slider.fill('15');
    await expect(perimeter(page).getByText('Temps de trajet : 15 min')).toBeVisible();

    // Preview: one server computation, then the slider re-contours in the worker without a server call.
    const generateCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/isochrone/generate')) generateCalls.push(sent.url());
    });
    await perimeter(page).getByRole('button', { name: 'Aperçu sur la carte' }).click();
    await expect(
      perimeter(page).getByText('Aperçu affiché : le curseur le redessine sans appel au serveur'),
    ).toBeVisible({
      timeout: 45_000,
    });
    expect(generateCalls).toHaveLength(1);
    const previewOf = () =>
      page.evaluate(() =>
        JSON.stringify(
          (
            window as unknown as { __zonalyseStore: { getState(): { zones: { preview: unknown } } } }
          ).__zonalyseStore.getState().zones.preview,
        ),
      );
    const fifteen = await previewOf();
    await slider.fill('25');
    await expect.poll(previewOf).not.toBe(fifteen);
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-preview-25min.png' });
    const twentyFive = await previewOf();
    await slider.fill('15');
    await expect.poll(previewOf).not.toBe(twentyFive);
    expect(generateCalls).toHaveLength(1);

    await perimeter(page).getByRole('button', { name: 'Créer la zone' }).click();
    await expect(perimeter(page).getByText('À pied · 15 min')).toBeVisible({ timeout: 45_000 });
    await syncIdle(page);
    // The zone is the previewed polygon: no second computation.
    expect(generateCalls).toHaveLength(1);

    await perimeter(page).getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
    await address.fill('10 rue de Rivoli, Paris');
    await perimeter(page).getByRole('option').first().getByRole('button').click();
    await perimeter(page).getByRole('radio', { name: 'Distance' }).check();
    await perimeter(page).getByRole('radio', { name: /Vélo/ }).check();
    await perimeter(page)
      .getByLabel(/Distance :/)
      .fill('2');
    await perimeter(page).getByRole('button', { name: 'Créer la zone' }).click();
    await expect(perimeter(page).getByText('Vélo · 2 km')).toBeVisible({ timeout: 45_000 });
    await syncIdle(page);

    const zones = await storeZones(page);
    expect(zones.map((zone) => [zone.transportMode, zone.zoneType, zone.color])).toEqual([
      ['walking', 'time', '#4CAF50'],
      ['cycling', 'distance', '#2196F3'],
    ]);
    expect(zones[1]?.zoneDistance).toBe(2000);
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/perimeter-isochrones.png' });

    await page.reload();
    await mapReady(page);
    await openPerimeter(page);
    await expect(perimeter(page).getByText('À pied · 15 min')).toBeVisible();
    await expect(perimeter(page).getByText('Vélo · 2 km')).toBeVisible();
  });
});
