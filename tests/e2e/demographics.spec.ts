import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { defaultOpenDataDirectory } from '../../server/config';
import { readRawCsv } from '../support/rawCsv';
import { chooseThemeInSettings, perimeterPanel, pickEleventhArrondissement } from './support/mapJourney';
import { arrondissementPopulation2016 } from './support/rawFigures';
import { expect, mapReady, test, toolbar } from './support/shellFixtures';

const TAB_LABELS = [
  'Vue d’ensemble',
  'Population',
  'Ménages',
  'Logement',
  'Education',
  'Revenus',
  'Activité',
  'Demandeurs d’emploi',
  'Comparaisons',
];

const OPEN_DATA = process.env.OPENDATA_DIR ?? defaultOpenDataDirectory() ?? '';
const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * Population 15–64 of the 11e arrondissement, summed from INSEE's raw file, formatted the French way:
 * RP 2017, INSEE's Paris file holding every IRIS of the 11e (the newest vintage covering the zone).
 */
function eleventhPopulation1564(): string {
  const { rows } = readRawCsv(join(OPEN_DATA, 'insee_iris/data_iris_paris_2017.csv'), ';');
  return integer.format(
    rows.filter((row) => row.COM === '75111').reduce((sum, row) => sum + Number(row.P17_POP1564), 0),
  );
}

/** RP 2016 population of the 11e from INSEE's raw file (INSEE: 147,017). */
const eleventhPopulation = () => integer.format(arrondissementPopulation2016('75111'));

const rail = (page: Page) => page.getByRole('navigation', { name: 'Panneaux', exact: true });

/** Makes a right panel the front one with the rail (whose buttons open and close panels). */
async function toFront(page: Page, label: string, id: string) {
  const section = page.locator(`section[data-panel="${id}"]`);
  const open = await section.isVisible();
  if (open && (await section.getAttribute('inert')) === null) return;
  if (open) await rail(page).getByRole('button', { name: label, exact: true }).click();
  await rail(page).getByRole('button', { name: label, exact: true }).click();
  await expect(section).not.toHaveAttribute('inert', '');
}

/** Selects a zone again by its row in the perimeter panel: it becomes the active zone. */
async function activateZone(page: Page, name: string | RegExp) {
  await toFront(page, 'Périmètre d’analyse', 'perimeter');
  const checkbox = perimeterPanel(page).locator('li.zone-row', { hasText: name }).getByRole('checkbox');
  await checkbox.uncheck();
  await checkbox.check();
  await toFront(page, 'Démographie', 'demographics');
}

/**
 * Creates the zones as a user does, in the perimeter panel: the 11e arrondissement from the administrative
 * tree, then a 10-minute walk from 52 rue de la Roquette (« Zone 2 », an isochrone cutting IRIS of the 11e and
 * its neighbours); the 11e is made the active zone again.
 */
async function createZones(page: Page) {
  await toFront(page, 'Périmètre d’analyse', 'perimeter');
  const perimeter = perimeterPanel(page);
  await pickEleventhArrondissement(page);

  await perimeter.getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
  await perimeter.getByRole('combobox', { name: 'Adresse de départ' }).fill('52 rue de la Roquette, Paris');
  await perimeter
    .getByRole('option')
    .filter({ hasText: /52 Rue de la Roquette.*75011/i })
    .first()
    .getByRole('button')
    .click();
  await perimeter.getByRole('radio', { name: /À pied/ }).check();
  await perimeter.getByLabel(/Temps de trajet/).fill('10');
  await perimeter.getByRole('button', { name: 'Créer la zone' }).click();
  await expect(perimeter.getByText('À pied · 10 min')).toBeVisible({ timeout: 60_000 });
  // The arrondissement's outline is the union of its IRIS, and the row says so with the legal population.
  await expect(perimeter.getByTestId('zone-outline').first()).toContainText(
    'Contour : union des IRIS (IGN Contours IRIS, édition ≈ 2016)',
  );
  await expect(perimeter.getByTestId('zone-outline').first()).toContainText('population légale 2023');
  await activateZone(page, /Paris 11e/);
}

test.describe('demographics panel', () => {
  // Two zones created in the perimeter panel by an anonymous visitor. The Pro tabs are covered by subscription.spec.ts.
  test('an arrondissement and an isochrone: nine tabs by keyboard, paywalls, comparison side by side', async ({
    page,
  }) => {
    await page.goto('/map');
    await mapReady(page);
    await toolbar(page).getByRole('button', { name: 'Démographie', exact: true }).click();
    const region = page.getByRole('region', { name: 'Analyse démographique', exact: true });
    await expect(region.getByText('Sélectionnez une zone')).toBeVisible();

    await createZones(page);
    await expect(
      region.getByText('Paris 11e Arrondissement - Commune Française (75111)', { exact: true }),
    ).toBeVisible();
    const overview = region.getByRole('tabpanel');
    await expect(overview.getByText('Population 15-64 ans').locator('..')).toContainText(eleventhPopulation1564());
    await expect(overview.getByText('RP 2016').first()).toBeVisible();
    // The income base is listed with its state (the demo territory has no Filosofi file loaded).
    await expect(overview.getByText(/^Revenus déclarés \(Filosofi\) — /).first()).toBeVisible();
    await expect(region.getByText(/IRIS · Couverture complète/)).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-overview-11e.png' });

    // Keyboard: the selected tab has focus, arrows walk the nine tabs, Home/End jump.
    const tabs = region.getByRole('tab');
    await expect(tabs).toHaveText(TAB_LABELS);
    await tabs.first().focus();
    for (let index = 1; index < TAB_LABELS.length; index += 1) {
      await page.keyboard.press('ArrowRight');
      const tab = region.getByRole('tab', { name: TAB_LABELS[index], exact: true });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeFocused();
      const label = TAB_LABELS[index];
      if (label === 'Population') {
        await expect(overview.getByText('Données non disponibles pour ce territoire')).toBeHidden();
        await expect(overview.getByRole('img', { name: 'Pyramide des âges, hommes et femmes ensemble' })).toBeVisible();
        await expect(overview.getByRole('img', { name: 'Population de 15 à 64 ans par âge' })).toBeVisible();
        await page.screenshot({ path: 'tests/e2e/screenshots/demographics-population.png' });
      }
      if (label === 'Ménages') {
        await expect(overview.getByRole('img', { name: /Composition des ménages/ })).toBeVisible();
      }
      if (label === 'Education' || label === 'Revenus' || label === 'Activité') {
        await expect(overview.getByText('Créez votre compte')).toBeVisible();
        await expect(overview.getByRole('link', { name: 'Créer mon compte gratuit' })).toHaveAttribute(
          'href',
          '/auth/register',
        );
        if (label === 'Education') await page.screenshot({ path: 'tests/e2e/screenshots/demographics-paywall.png' });
      }
      if (label === 'Demandeurs d’emploi') {
        await expect(overview.getByText(/France Travail/)).toBeVisible();
      }
    }
    await page.keyboard.press('Home');
    await expect(region.getByRole('tab', { name: 'Vue d’ensemble' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(region.getByRole('tab', { name: 'Comparaisons' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(region.getByRole('tab', { name: 'Vue d’ensemble' })).toHaveAttribute('aria-selected', 'true');

    // The isochrone: IRIS weighted by their coverage.
    await activateZone(page, 'Zone 2');
    await expect(region.getByText('Zone 2', { exact: true })).toBeVisible();
    await expect(overview.getByText('IRIS pondérés par la couverture')).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-overview-isochrone.png' });

    // Comparison mode with the two selected zones.
    await region.getByRole('button', { name: 'Mode comparaison' }).click();
    await expect(region.getByText('Mode comparaison activé - 2 zones')).toBeVisible();
    await expect(overview.getByRole('heading', { name: /Paris 11e Arrondissement/ })).toBeVisible();
    await expect(overview.getByRole('heading', { name: 'Zone 2' })).toBeVisible();
    await region.getByRole('tab', { name: 'Comparaisons' }).click();
    const table = overview.getByRole('table', { name: 'Comparaison des zones' });
    await expect(table.getByRole('columnheader')).toHaveCount(3);
    await expect(table.getByRole('row', { name: /Population 15-64 ans/ })).toContainText(eleventhPopulation1564());
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-comparison.png' });

    // Dark mode, chosen in the settings page; back on the map the comparison is still on.
    await chooseThemeInSettings(page, 'Sombre');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await toolbar(page).getByRole('button', { name: 'Démographie', exact: true }).click();
    await expect(region.getByText('Mode comparaison activé - 2 zones')).toBeVisible();
    await region.getByRole('tab', { name: 'Population' }).click();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-comparison-dark.png' });
  });

  test('a zone chosen in the perimeter panel: population, median age, pyramid, households and housing from RP 2016', async ({
    page,
  }) => {
    await page.goto('/map');
    await mapReady(page);
    // The user picks the 11e arrondissement in the administrative tree of the perimeter panel.
    await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
    const perimeter = page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });
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

    // Then opens the demographics panel from the panel rail.
    await page
      .getByRole('navigation', { name: 'Panneaux' })
      .getByRole('button', { name: 'Démographie', exact: true })
      .click();
    const region = page.getByRole('region', { name: 'Analyse démographique', exact: true });
    const content = region.getByRole('tabpanel');
    const card = (label: string) => content.locator('.figure-card').filter({ hasText: label }).first();
    await expect(card('Population')).toContainText(eleventhPopulation(), { timeout: 60_000 });
    await expect(card('Population')).toContainText('RP 2016');
    await expect(card('Âge médian')).toContainText(/\d+,\d ans/);
    await expect(card('Âge médian')).toContainText('RP 2016');
    await expect(content.getByText('IRIS sans population recensée')).toBeHidden();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-perimeter-overview.png' });

    await region.getByRole('tab', { name: 'Population', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Pyramide des âges, hommes et femmes ensemble' })).toBeVisible();
    await expect(content.getByRole('table', { name: 'Population par tranche d’âge' })).toContainText('75 ans ou plus');
    await expect(content.getByText(/Centres retenus : 0-14 ans → 7,5/)).toBeVisible();
    await expect(
      content.getByRole('img', { name: 'Catégories socioprofessionnelles des 15 ans ou plus' }),
    ).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-perimeter-pyramid.png' });

    await region.getByRole('tab', { name: 'Ménages', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Composition des ménages, en part des personnes' })).toBeVisible();
    await expect(content.getByText(/et non parts des ménages/)).toBeVisible();
    await expect(content.getByText('RP 2016').first()).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-perimeter-households.png' });

    await region.getByRole('tab', { name: 'Logement', exact: true }).click();
    await expect(
      content.getByRole('img', { name: 'Résidences principales : maisons, appartements, locataires HLM' }),
    ).toBeVisible();
    // INSEE: 81,902 flats and 10,231 HLM renters among the main residences of the 11e.
    const housing = content.getByRole('table', { name: 'Résidences principales' });
    await expect(housing.getByRole('row', { name: /Appartements/ })).toContainText(integer.format(81_902));
    await expect(housing.getByRole('row', { name: /HLM/ })).toContainText(integer.format(10_231));
    await expect(housing).toHaveScreenshot('demographics-housing-table-11e.png');
    await page.screenshot({ path: 'tests/e2e/screenshots/demographics-perimeter-housing.png' });
  });
});
