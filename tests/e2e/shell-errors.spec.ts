import { expect, mapReady, panel, test, toolbar } from './support/shellFixtures';

test.describe('error screens and toasts', () => {
  test('resilience, simulated 503 of the map configuration and style: "Erreur de chargement de la carte" with "Recharger"', async ({
    page,
  }) => {
    await page.route('**/api/map/config', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Service indisponible' } }),
    );
    await page.route('**/api/basemap/style.json*', (route) =>
      route.fulfill({ status: 503, json: { detail: 'Service indisponible' } }),
    );
    await page.goto('/map');
    const screen = page.getByRole('alert').filter({ hasText: 'Erreur de chargement de la carte' });
    await expect(screen).toBeVisible();
    await expect(screen).toContainText('Service indisponible');
    // The rest of the screen still works.
    await toolbar(page).getByRole('button', { name: 'Export' }).click();
    await expect(page.getByRole('region', { name: 'Exporter les données' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-map-error.png' });
    await page.unrouteAll();
    await screen.getByRole('button', { name: 'Recharger' }).click();
    await mapReady(page);
  });

  test('resilience, simulated failed panel chunk: "Erreur des panneaux" in that panel only, with "Réessayer"', async ({
    page,
  }) => {
    await page.route('**/assets/ExportPanel-*.js', (route) => route.abort());
    await page.goto('/map');
    await toolbar(page).getByRole('button', { name: 'Export' }).click();
    const failed = panel(page, 'export');
    await expect(failed.getByRole('alert')).toContainText('Erreur des panneaux');
    await expect(failed.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await expect(failed.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Panneaux', exact: true })
      .getByRole('button', { name: 'Démographie' })
      .click();
    await expect(panel(page, 'demographics').getByRole('alert')).toHaveCount(0);
    await expect(panel(page, 'demographics').locator('.panel-frame__body')).not.toBeEmpty();
  });

  test('resilience, simulated failed screen chunk: "Une erreur est survenue" with "Réessayer" and "Recharger la page"', async ({
    page,
  }) => {
    await page.route('**/assets/PricingPage-*.js', (route) => route.abort());
    await page.goto('/pricing');
    const screen = page.getByRole('alert').filter({ hasText: 'Une erreur est survenue' });
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-app-error.png' });
    await page.unrouteAll();
    await screen.getByRole('button', { name: 'Recharger la page' }).click();
    await expect(page.getByRole('heading', { name: 'Nos offres' })).toBeVisible();
  });

  test('resilience, simulated failed account chunk: "Erreur d’authentification" with "Fermer"', async ({ page }) => {
    await page.route('**/assets/AccountDialogs-*.js', (route) => route.abort());
    await page.goto('/map');
    await toolbar(page).getByRole('button', { name: 'Se connecter' }).click();
    const screen = page.getByRole('alert').filter({ hasText: 'Erreur d’authentification' });
    await expect(screen).toBeVisible();
    await screen.getByRole('button', { name: 'Fermer' }).click();
    await expect(screen).toBeHidden();
    await expect(toolbar(page)).toBeVisible();
  });

  test('toasts: success vanishes after 4 s, an error stays until closed (resilience, simulated 500 of the dark style)', async ({
    page,
  }) => {
    // The page's clock is Playwright's: paused while a toast is up, then moved on by hand (no real-time wait).
    await page.clock.install();
    const pausePageClock = async () => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.getByRole('button', { name: 'Exporter mes données' }).click();
    const success = page.locator('[data-toast-type="success"]');
    await expect(success).toContainText('Données exportées');
    await pausePageClock();
    await page.clock.runFor(3_000);
    await expect(success).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(success).toBeHidden();
    await page.clock.resume();

    await page.goto('/map');
    await mapReady(page, 'light');
    await page.route('**/api/basemap/style.json?theme=dark', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Tuiles en maintenance' } }),
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    const error = page.locator('[data-toast-type="error"]');
    await expect(error).toContainText('Le fond de carte n’a pas pu changer de thème');
    await pausePageClock();
    await page.clock.runFor(60_000);
    await expect(error).toBeVisible();
    await page.clock.resume();
    await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready');
    await error.getByRole('button', { name: 'Fermer la notification' }).click();
    await expect(error).toBeHidden();
  });
});
