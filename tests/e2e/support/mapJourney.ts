import { expect, type Page } from '@playwright/test';
import { mapReady, panel, rail, toolbar } from './shellFixtures';

/** The perimeter panel (zones), by its accessible name. */
export const perimeterPanel = (page: Page) => page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });

/** Opens the perimeter panel from the toolbar, or from the panel rail while other panels hide the toolbar. */
export async function openPerimeter(page: Page): Promise<void> {
  if (await perimeterPanel(page).isVisible()) return;
  const fromRail = rail(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true });
  if (await fromRail.isVisible()) await fromRail.click();
  else await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
  await expect(perimeterPanel(page)).toBeVisible();
}

/** Closes the perimeter panel with its own close button. */
export async function closePerimeter(page: Page): Promise<void> {
  await panel(page, 'perimeter').getByRole('button', { name: 'Fermer le panneau Périmètre d’analyse' }).click();
  await expect(perimeterPanel(page)).toBeHidden();
}

/**
 * Picks the 11e arrondissement in the perimeter panel's administrative tree (Île-de-France → Paris → 11e), as a
 * user does: the zone is saved through the user-zones API and becomes the active zone. Leaves the tree.
 */
export async function pickEleventhArrondissement(page: Page): Promise<void> {
  await checkEleventhInTree(page);
  await perimeterPanel(page).getByRole('button', { name: '← Retour' }).click();
}

/** The same pick, staying in the administrative tree (the 11e shown checked). */
export async function checkEleventhInTree(page: Page): Promise<void> {
  await openPerimeter(page);
  const perimeter = perimeterPanel(page);
  await perimeter.getByRole('button', { name: 'Zone administrative' }).click();
  const tree = perimeter.getByRole('tree', { name: 'Zones administratives' });
  await tree.getByRole('button', { name: 'Déplier Île-de-France' }).click();
  await tree.getByRole('button', { name: 'Déplier Paris (75)' }).click();
  await tree.getByRole('button', { name: /^Paris 11e.*\(75111\)$/ }).click();
  await expect(
    tree
      .getByRole('treeitem', { name: /Paris 11e/ })
      .locator('.tree__check')
      .first(),
  ).toBeVisible();
}

/**
 * Creates a walking isochrone in the perimeter panel: the address typed, the suggestion matching `suggestion`
 * chosen, « À pied », `minutes` on the slider, « Créer la zone » — computed by the server on the street graph.
 */
export async function createWalkingIsochrone(
  page: Page,
  address: string,
  suggestion: RegExp,
  minutes: number,
): Promise<void> {
  await openPerimeter(page);
  const perimeter = perimeterPanel(page);
  await perimeter.getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
  await perimeter.getByRole('combobox', { name: 'Adresse de départ' }).fill(address);
  await perimeter.getByRole('option').filter({ hasText: suggestion }).first().getByRole('button').click();
  await perimeter.getByRole('radio', { name: /À pied/ }).check();
  await perimeter.getByLabel(/Temps de trajet/).fill(String(minutes));
  await perimeter.getByRole('button', { name: 'Créer la zone' }).click();
  await expect(perimeter.getByText(`À pied · ${minutes} min`)).toBeVisible({ timeout: 60_000 });
}

/**
 * Chooses the theme as a user does: every panel closed (the left toolbar shows again), « Paramètres » in the
 * toolbar, the theme's radio, « Retour à la carte »; waits until the map shows the theme's style.
 */
export async function chooseThemeInSettings(page: Page, theme: 'Clair' | 'Sombre'): Promise<void> {
  const closeAll = rail(page).getByRole('button', { name: 'Fermer tous les panneaux' });
  if (await closeAll.isVisible()) await closeAll.click();
  await toolbar(page).getByRole('link', { name: 'Paramètres' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('radio', { name: theme }).check();
  await page.getByRole('link', { name: 'Retour à la carte' }).click();
  await mapReady(page, theme === 'Sombre' ? 'dark' : 'light');
}
