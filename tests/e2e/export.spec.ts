import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { registerVerifiedUser, subscribeThroughCheckout } from './support/accountJourney';
import { arrondissementPopulation2016 } from './support/rawFigures';
import { expect, mapReady, test, toolbar } from './support/shellFixtures';

const ELEVENTH = '75111';
const TWELFTH = '75112';

/** The three figures every file must hold for the 11e, as our API's own endpoints answer them. */
interface ApiFigures {
  population: number;
  apartmentMedian: number;
  businesses: number;
}

interface SavedZone {
  id: string;
  name: string;
  geometry: { features: { geometry: unknown }[] };
  properties: { code?: string };
}

/** French integer as the PDF prints it (the no-break spaces read back as spaces). */
const french = (value: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(value).replace(/\s/g, ' ');

/** Asks our API, with the browser's session, the 11e's population, apartments' median €/m² and businesses. */
async function apiFigures(page: Page): Promise<ApiFigures> {
  const zones = (await (await page.request.get('/api/user-zones')).json()) as SavedZone[];
  const eleventh = zones.find((zone) => zone.properties.code === ELEVENTH);
  expect(eleventh, 'la zone du 11e est enregistrée').toBeTruthy();
  const demographics = await page.request.post('/api/v1/userzone-demographics/analyze', {
    data: {
      geometry: eleventh?.geometry.features[0]?.geometry,
      administrative: { level: 'commune', code: ELEVENTH },
    },
  });
  expect(demographics.status()).toBe(200);
  const realEstate = await page.request.post('/api/v1/real-estate/zone-statistics', {
    data: { commune_code: ELEVENTH, include_sample_transactions: false },
  });
  const businesses = await page.request.post('/api/v1/business/zone-statistics', {
    data: { commune_code: ELEVENTH },
  });
  const snapshot = (
    (await realEstate.json()) as {
      market_snapshot?: { by_type: { type_local: string; median: number }[] };
    }
  ).market_snapshot;
  const figures = {
    population: aggregateDemographics((await demographics.json()) as DemographicsAnswer).population.total as number,
    apartmentMedian: snapshot?.by_type.find((entry) => entry.type_local === 'Appartement')?.median as number,
    businesses: ((await businesses.json()) as { total_businesses: number }).total_businesses,
  };
  // The demo territory holds the three bases for the 11e: a missing one would make the checks vacuous.
  // The population recomputed from INSEE's raw file, not only as the API's own aggregation reads it.
  expect(figures.population).toBeCloseTo(arrondissementPopulation2016(ELEVENTH), 3);
  expect(figures.apartmentMedian).toBeGreaterThan(3_000);
  expect(figures.businesses).toBeGreaterThan(1_000);
  return figures;
}

/** Chooses a format, clicks Exporter and waits for the browser's download; returns the saved file's path. */
async function exportAs(panel: Locator, page: Page, format: string, folder: string): Promise<string> {
  await panel.getByRole('radio', { name: format }).check();
  const button = panel.getByRole('button', { name: /^Exporter \(\d+ métrique\(s\)\)$/ });
  const downloaded = page.waitForEvent('download', { timeout: 90_000 });
  await button.click();
  const download: Download = await downloaded;
  const path = join(folder, download.suggestedFilename());
  await download.saveAs(path);
  await expect(panel.getByRole('status').filter({ hasText: 'Fichier téléchargé' })).toContainText(
    download.suggestedFilename(),
  );
  return path;
}

test.describe('export against the real server', () => {
  test('a Light user: two arrondissements → metrics chosen in the tree → CSV, XLSX and PDF downloaded and read back, then a shared link opened without an account', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const folder = mkdtempSync(join(tmpdir(), 'zonalyse-export-e2e-'));
    await registerVerifiedUser(page, 'export');
    await subscribeThroughCheckout(page, 'Light');

    // Two zones through the perimeter panel's administrative tree.
    await page.goto('/map');
    await mapReady(page);
    await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
    const perimeter = page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });
    await perimeter.getByRole('button', { name: 'Zone administrative' }).click();
    const tree = perimeter.getByRole('tree', { name: 'Zones administratives' });
    await tree.getByRole('button', { name: 'Déplier Île-de-France' }).click();
    await tree.getByRole('button', { name: 'Déplier Paris (75)' }).click();
    for (const code of [ELEVENTH, TWELFTH]) {
      const entry = tree.getByRole('button', { name: new RegExp(`^Paris .*\\(${code}\\)$`) });
      await entry.click();
      await expect(entry.locator('xpath=..').locator('.tree__check')).toBeVisible();
    }

    // The Export panel, from the rail now that a panel is open.
    await page
      .getByRole('navigation', { name: /^(Barre d’outils|Panneaux)$/ })
      .getByRole('button', { name: 'Export', exact: true })
      .click();
    const panel = page.getByRole('region', { name: 'Exporter les données', exact: true });
    await expect(panel.getByText('Export pour 2 zone(s)')).toBeVisible();
    await expect(panel.getByText(/Paris 11e.*·.*Paris 12e/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Exporter (0 métrique(s))' })).toBeDisabled();

    // The tree: a metric, then its sub-category, then its category — tri-state all the way up.
    const metrics = panel.getByRole('group', { name: 'Métriques à exporter' });
    const everything = metrics.getByRole('checkbox', { name: 'Tout sélectionner' });
    const demographics = metrics.getByRole('checkbox', { name: 'Démographie', exact: true });
    const populationGroup = metrics.getByRole('checkbox', { name: 'Population', exact: true });
    await metrics.getByRole('button', { name: 'Déplier Démographie' }).click();
    await metrics.getByRole('button', { name: 'Déplier Population' }).click();
    await metrics.getByRole('checkbox', { name: /^Population\s*habitants$/ }).check();
    await expect(panel.getByRole('button', { name: 'Exporter (1 métrique(s))' })).toBeEnabled();
    await expect(populationGroup).toHaveAttribute('aria-checked', 'mixed');
    await expect(demographics).toHaveAttribute('aria-checked', 'mixed');
    await expect(everything).toHaveAttribute('aria-checked', 'mixed');
    await populationGroup.check();
    await expect(populationGroup).toHaveAttribute('aria-checked', 'true');
    await expect(demographics).toHaveAttribute('aria-checked', 'mixed');
    await metrics.getByRole('checkbox', { name: 'Entreprises', exact: true }).check();
    await metrics.getByRole('checkbox', { name: 'Immobilier (DVF)', exact: true }).check();
    await expect(metrics.getByRole('checkbox', { name: 'Entreprises', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const chosen = Number(
      /\((\d+) métrique/.exec(
        (await panel.getByRole('button', { name: /^Exporter \(\d+ métrique\(s\)\)$/ }).textContent()) ?? '',
      )?.[1],
    );
    expect(chosen).toBeGreaterThan(30);
    await page.screenshot({ path: 'tests/e2e/screenshots/export-panel-light.png' });

    const api = await apiFigures(page);

    // CSV for Excel fr-FR: BOM, `;`, decimal comma, one row per zone × metric.
    const csvPath = await exportAs(panel, page, 'CSV (pour Excel)', folder);
    expect(csvPath).toMatch(/zonalyse-export-paris-11e-arrondissement-et-1-autre-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(csvPath);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = csv
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    expect(header).toEqual(['Zone', 'Métrique', 'Valeur', 'Unité', 'Source', 'Millésime']);
    expect(rows).toHaveLength(2 * chosen);
    const csvValue = (zone: RegExp, metric: string) => {
      const row = rows.find((cells) => zone.test(cells[0] ?? '') && cells[1] === metric);
      return Number((row?.[2] ?? '').replace(',', '.'));
    };
    expect(csvValue(/11e/, 'Population')).toBe(Math.round(api.population));
    expect(csvValue(/11e/, 'Prix médian au m² des appartements')).toBe(Math.round(api.apartmentMedian));
    expect(csvValue(/11e/, 'Établissements')).toBe(api.businesses);
    expect(csvValue(/12e/, 'Population')).toBeGreaterThan(100_000);
    expect(rows.some((cells) => /^\d+,\d+$/.test(cells[2] ?? ''))).toBe(true);

    // Excel: read back with exceljs, the zones side by side, numbers typed as numbers.
    const xlsxPath = await exportAs(panel, page, 'Excel (.xlsx)', folder);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsxPath);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Démographie',
      'Entreprises',
      'Immobilier (DVF)',
      'Sources',
    ]);
    const cell = (sheetName: string, label: string, column: number) => {
      const sheet = workbook.getWorksheet(sheetName) as ExcelJS.Worksheet;
      let found: ExcelJS.Cell | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(2).value === label) found = row.getCell(column);
      });
      return found?.value;
    };
    const demographySheet = workbook.getWorksheet('Démographie') as ExcelJS.Worksheet;
    expect(String(demographySheet.getRow(1).getCell(3).value)).toMatch(/11e/);
    expect(String(demographySheet.getRow(1).getCell(4).value)).toMatch(/12e/);
    expect(cell('Démographie', 'Population', 3)).toBe(Math.round(api.population));
    expect(typeof cell('Démographie', 'Population', 4)).toBe('number');
    expect(cell('Immobilier (DVF)', 'Prix médian au m² des appartements', 3)).toBe(Math.round(api.apartmentMedian));
    expect(cell('Entreprises', 'Établissements', 3)).toBe(api.businesses);

    // The special entries: the map as displayed and the choropleth (none applied here) go into the PDF.
    await metrics.getByRole('checkbox', { name: 'Spéciales', exact: true }).check();
    await expect(panel.getByRole('button', { name: `Exporter (${chosen + 2} métrique(s))` })).toBeEnabled();

    // PDF: the study's text, extracted by pdftotext, holds the API's figures; its pages turned into images.
    const pdfPath = await exportAs(panel, page, 'PDF (rapport)', folder);
    expect(pdfPath).toMatch(/zonalyse-etude-paris-11e-arrondissement-et-1-autre-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(
      /[\u00a0\u202f]/g,
      ' ',
    );
    expect(text).toContain('Étude de marché locale');
    expect(text).toMatch(/Paris 12e/);
    expect(text).toContain(french(api.population));
    expect(text).toContain(french(api.apartmentMedian));
    expect(text).toContain(french(api.businesses));
    expect(text).toContain('Fond : limites des communes et arrondissements');
    expect(text).toContain('La carte telle qu’affichée');
    expect(text).toMatch(/Vue de la carte au moment de l’export \(\d+ × \d+ px, zoom \d+,\d\)/);
    expect(text).toContain('Aucune visualisation (choroplèthe) n’était appliquée à la carte lors de l’export.');
    expect(execFileSync('pdfimages', ['-list', pdfPath], { encoding: 'utf8' })).toMatch(
      /\s(\d{3,4})\s+(\d{3,4})\s+(rgb|icc)/,
    );
    execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, 'tests/e2e/screenshots/export-pdf-page']);

    // GeoJSON for GIS users: the two zones, then their IRIS, each with its figures.
    const geojsonPath = await exportAs(panel, page, 'GeoJSON (SIG)', folder);
    expect(geojsonPath).toMatch(/\.geojson$/);
    const collection = JSON.parse(readFileSync(geojsonPath, 'utf8')) as {
      features: { properties: Record<string, string | number | null> }[];
    };
    const gisZones = collection.features.filter((feature) => feature.properties.niveau === 'zone');
    expect(gisZones.map((feature) => feature.properties.nom)).toEqual([
      'Paris 11e Arrondissement',
      'Paris 12e Arrondissement',
    ]);
    expect(gisZones[0]?.properties['population.total']).toBe(Math.round(api.population));
    expect(gisZones[0]?.properties['businesses.total']).toBe(api.businesses);
    expect(collection.features.filter((feature) => feature.properties.niveau === 'iris').length).toBeGreaterThan(80);
    await page.screenshot({ path: 'tests/e2e/screenshots/export-panel-done.png' });

    // A shareable read-only link of the same figures, copied from the panel.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const share = panel.getByRole('region', { name: 'Lien de partage' });
    await share.getByLabel('Expiration').selectOption('7');
    await share.getByRole('button', { name: 'Créer un lien de partage' }).click();
    const address = share.getByRole('textbox', { name: 'Adresse du lien de partage' });
    await expect(address).toHaveValue(/\/partage\/[A-Za-z0-9_-]{43}$/, { timeout: 60_000 });
    await expect(share.getByText(/^Valable jusqu’au \d{1,2} \S+ \d{4}\.$/)).toBeVisible();
    await share.getByRole('button', { name: 'Copier' }).click();
    await expect(share.getByRole('button', { name: 'Copié' })).toBeVisible();
    const link = await address.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await panel.screenshot({ path: 'tests/e2e/screenshots/export-share-panel.png' });

    // Opened in a fresh browser without any session: the zones, the figures by category with sources and vintages.
    const visitor = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    try {
      const shared = await visitor.newPage();
      await shared.goto(link);
      await expect(shared.getByRole('heading', { name: 'Étude partagée', level: 1 })).toBeVisible();
      await expect(shared.getByText(/^Chiffres figés le \d{1,2} \S+ \d{4}/)).toBeVisible();
      const zonesCard = shared.getByRole('region', { name: 'Zones' });
      await expect(zonesCard).toContainText('Paris 11e Arrondissement');
      await expect(zonesCard).toContainText('Paris 12e Arrondissement');
      const demography = shared.getByRole('region', { name: 'Démographie' });
      const populationRow = demography.getByRole('row', { name: /^Population Population/ });
      await expect(populationRow.getByRole('cell').first()).toHaveText(french(api.population).replace(/ /g, '\u202f'));
      await expect(populationRow).toContainText('INSEE');
      await expect(populationRow).toContainText(/RP \d{4}|\d{4}/);
      const medianRow = shared
        .getByRole('region', { name: 'Immobilier (DVF)' })
        .getByRole('row', { name: /^Prix médian au m² des appartements/ });
      await expect(medianRow.getByRole('cell').first()).toHaveText(french(api.apartmentMedian).replace(/ /g, '\u202f'));
      await expect(medianRow).toContainText(/DVF \d{4}/);
      const businessesRow = shared
        .getByRole('region', { name: 'Entreprises' })
        .getByRole('row', { name: /^Établissements Ensemble/ })
        .first();
      await expect(businessesRow.getByRole('cell').first()).toHaveText(french(api.businesses).replace(/ /g, '\u202f'));
      // Read-only and anonymous: no session cookie in this browser, nothing to edit.
      expect(await visitor.cookies()).toEqual([]);
      await expect(shared.getByRole('button', { name: /Exporter|Créer/ })).toHaveCount(0);
      await shared.screenshot({ path: 'tests/e2e/screenshots/export-shared-study.png', fullPage: true });
      // An unknown link says so.
      await shared.goto(link.replace(/[A-Za-z0-9_-]{43}$/, 'A'.repeat(43)));
      await expect(shared.getByRole('alert')).toContainText('Lien de partage introuvable');
    } finally {
      await visitor.close();
    }

    // The same panel in the dark theme, chosen in the settings: the open panels and the zones come back.
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Sombre' }).check();
    await page.getByRole('link', { name: 'Retour à la carte' }).click();
    await mapReady(page, 'dark');
    await expect(panel.getByText('Export pour 2 zone(s)')).toBeVisible();
    await metrics.getByRole('button', { name: 'Déplier Entreprises' }).click();
    await metrics.getByRole('checkbox', { name: 'Entreprises', exact: true }).check();
    await metrics.getByRole('button', { name: 'Déplier Ensemble' }).click();
    await metrics.getByRole('checkbox', { name: /^Densité d’établissements/ }).uncheck();
    await expect(metrics.getByRole('checkbox', { name: 'Entreprises', exact: true })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
    await page.screenshot({ path: 'tests/e2e/screenshots/export-panel-dark.png' });
  });
});
