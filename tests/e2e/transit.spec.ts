import type { Page } from '@playwright/test';
import { expect, mapIdle, mapReady, test, toolbar } from './support/shellFixtures';

const rail = (page: Page) => page.getByRole('navigation', { name: 'Panneaux', exact: true });
const perimeterPanel = (page: Page) => page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });

/** The zones of the store (what the list shows and what is saved). */
const storeZones = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __zonalyseStore: {
            getState(): {
              zones: {
                zones: {
                  name: string;
                  transportMode: string;
                  travelTime: number;
                  departureTime?: string | null;
                  properties: { transit?: { network: string; note: string; substituted: boolean } };
                }[];
              };
            };
          };
        }
      ).__zonalyseStore.getState().zones.zones,
  );

test.describe('public-transport zone on the RATP métro timetable', () => {
  test('a 20-minute « Transport » zone from 10 rue de Rivoli: timetable note, worker re-contour, demographics', async ({
    page,
  }) => {
    // Two timetable computations (one departure, then a one-hour window) on a shared 2-core machine.
    test.setTimeout(300_000);
    const generateCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/isochrone/generate')) generateCalls.push(sent.postData() ?? '');
    });
    await page.goto('/map');
    await mapReady(page);
    await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
    const perimeter = perimeterPanel(page);
    await perimeter.getByRole('button', { name: 'Zone isochrone personnalisée' }).click();

    // 10 rue de Rivoli (4e) is 200 m from Saint-Paul (line 1).
    await perimeter.getByRole('combobox', { name: 'Adresse de départ' }).fill('10 rue de Rivoli, Paris');
    await perimeter
      .getByRole('option')
      .filter({ hasText: /10 Rue de Rivoli.*75004/i })
      .first()
      .getByRole('button')
      .click();
    await perimeter.getByRole('radio', { name: /Transport/ }).check();
    // Public transport is measured in time only.
    await expect(perimeter.getByRole('radio', { name: 'Distance' })).toBeDisabled();
    await expect(perimeter.getByLabel('Date de départ')).toBeVisible();
    await expect(perimeter.getByLabel('Heure de départ')).toHaveValue('08:00');
    const slider = perimeter.getByLabel(/Temps de trajet/);
    await slider.fill('20');
    await expect(perimeter.getByText('Temps de trajet : 20 min')).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/transit-form.png' });

    // Preview: one server computation on the timetable; the note names the timetable's day.
    await perimeter.getByRole('button', { name: 'Aperçu sur la carte' }).click();
    const note = perimeter.getByTestId('transit-note');
    await expect(note).toContainText(/horaires RATP du lundi \d{1,2} \p{L}+ 2019/u, { timeout: 60_000 });
    // The default departure (next Monday 08:00) lies after the 2019 calendar: the note says so.
    await expect(note).toContainText('hors de la période des horaires');
    await expect(perimeter.getByText('Aperçu affiché : le curseur le redessine sans appel au serveur')).toBeVisible();
    expect(generateCalls).toHaveLength(1);
    expect(JSON.parse(generateCalls[0] as string)).toMatchObject({
      transportMode: 'public-transport',
      travelTime: 20,
      includeReach: true,
    });
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/transit-preview.png' });

    // The slider re-contours the transit zone in the worker, without a server call.
    const previewOf = () =>
      page.evaluate(() =>
        JSON.stringify(
          (
            window as unknown as { __zonalyseStore: { getState(): { zones: { preview: unknown } } } }
          ).__zonalyseStore.getState().zones.preview,
        ),
      );
    const twenty = await previewOf();
    await slider.fill('30');
    await expect.poll(previewOf).not.toBe(twenty);
    const thirty = await previewOf();
    await slider.fill('20');
    await expect.poll(previewOf).not.toBe(thirty);
    expect(generateCalls).toHaveLength(1);

    // A one-hour window of departures: one new computation; then 50 % ↔ 90 % is re-contoured in the worker.
    await perimeter.getByLabel('Fenêtre de départ').selectOption({ label: '1 h' });
    await expect(note).toBeHidden();
    await perimeter.getByRole('button', { name: 'Aperçu sur la carte' }).click();
    await expect(note).toContainText('départs chaque minute de 08:00 pendant 60 min', { timeout: 60_000 });
    await expect(note).toContainText('50 % des départs');
    expect(generateCalls).toHaveLength(2);
    expect(JSON.parse(generateCalls[1] as string)).toMatchObject({
      departureWindowMinutes: 60,
      departurePercentile: 50,
    });
    const median = await previewOf();
    await perimeter.getByRole('radio', { name: 'Atteinte dans 90 % des départs' }).check();
    await expect(note).toContainText('90 % des départs');
    await expect.poll(previewOf).not.toBe(median);
    expect(generateCalls).toHaveLength(2);
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/transit-preview-window-90.png' });

    // Created from the preview: the row shows the network and the departure.
    await perimeter.getByRole('button', { name: 'Créer la zone' }).click();
    const row = perimeter.locator('li.zone-row').filter({ hasText: 'Transport · 20 min' });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText(/RATP · lundi \d{1,2} \p{L}+ 2019 · départ 08:00 \(\+ 60 min, 90 %\)/u);
    expect(generateCalls).toHaveLength(2);
    const zones = await storeZones(page);
    expect(zones).toHaveLength(1);
    expect(zones[0]).toMatchObject({ transportMode: 'public-transport', travelTime: 20 });
    expect(zones[0]?.properties.transit).toMatchObject({ network: 'RATP', substituted: true });
    await page.screenshot({ path: 'tests/e2e/screenshots/transit-zone-row.png' });

    // Démographie analyses the transit zone: IRIS weighted by their coverage, with figures.
    await rail(page).getByRole('button', { name: 'Démographie', exact: true }).click();
    const region = page.getByRole('region', { name: 'Analyse démographique', exact: true });
    await expect(region.getByText(zones[0]?.name ?? 'Zone 1', { exact: true })).toBeVisible({ timeout: 60_000 });
    const content = region.getByRole('tabpanel');
    await expect(content.getByText('IRIS pondérés par la couverture')).toBeVisible({ timeout: 60_000 });
    const population = content.locator('.figure-card').filter({ hasText: 'Population' }).first();
    await expect(population).toContainText(/\d{1,3}(\s\d{3})+/u);
    await expect(population).toContainText('RP 2016');
    await mapIdle(page);
    await page.screenshot({ path: 'tests/e2e/screenshots/transit-demographics.png' });

    // Saved like the others: still there after a reload.
    await page.reload();
    await mapReady(page);
    if (!(await perimeterPanel(page).isVisible())) {
      await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse', exact: true }).click();
    }
    await expect(perimeterPanel(page).locator('li.zone-row').filter({ hasText: 'Transport · 20 min' })).toContainText(
      /RATP · lundi \d{1,2} \p{L}+ 2019 · départ 08:00/u,
      { timeout: 30_000 },
    );
  });
});
