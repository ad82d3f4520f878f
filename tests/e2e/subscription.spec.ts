import type { Page } from '@playwright/test';
import { registerVerifiedUser, subscribeThroughCheckout } from './support/accountJourney';
import { expect, mapReady, test, toolbar } from './support/shellFixtures';

const LIMIT_MESSAGE = 'Limite atteinte. Passez à une offre supérieure pour continuer.';

/** Opens a right panel from the toolbar, or from the panel rail when another panel is open. */
async function openPanel(page: Page, label: string, title: string): Promise<void> {
  if (await page.getByRole('region', { name: title, exact: true }).isVisible()) return;
  await page
    .getByRole('navigation', { name: /^(Barre d’outils|Panneaux)$/ })
    .getByRole('button', { name: label, exact: true })
    .click();
  await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible();
}

/** Opens the administrative tree of the perimeter panel down to the Paris arrondissements. */
async function openParisTree(page: Page): Promise<void> {
  const perimeter = page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });
  await perimeter.getByRole('button', { name: 'Zone administrative' }).click();
  const tree = perimeter.getByRole('tree', { name: 'Zones administratives' });
  await tree.getByRole('button', { name: 'Déplier Île-de-France' }).click();
  await tree.getByRole('button', { name: 'Déplier Paris (75)' }).click();
}

test.describe('accounts, tiers and payments against the real server', () => {
  test('register → verify by mail → 3 zones as Free, the 4th refused → Light through the local checkout → Education → comparison → cancel → Free', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const address = await registerVerifiedUser(page, 'julie');
    await page.getByRole('link', { name: 'Aller à la carte' }).click();
    await mapReady(page);
    await expect(toolbar(page).getByRole('button', { name: `Mon compte (${address})` })).toBeVisible();

    // Free: three zones a month.
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Offre actuelle : Gratuit' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Zones d’analyse' })).toHaveAttribute('aria-valuemax', '3');
    await page.goto('/map');
    await mapReady(page);
    await openPanel(page, 'Périmètre d’analyse', 'Périmètre d’analyse');
    const perimeter = page.getByRole('region', { name: 'Périmètre d’analyse', exact: true });
    const tree = perimeter.getByRole('tree', { name: 'Zones administratives' });
    const added = (code: string) =>
      tree
        .getByRole('button', { name: new RegExp(`^Paris .*\\(${code}\\)$`) })
        .locator('xpath=..')
        .locator('.tree__check');
    const add = (code: string) => tree.getByRole('button', { name: new RegExp(`^Paris .*\\(${code}\\)$`) }).click();
    await openParisTree(page);
    for (const code of ['75111', '75112', '75110']) {
      await add(code);
      await expect(added(code)).toBeVisible();
    }
    await add('75120');
    await expect(page.getByRole('alert').filter({ hasText: LIMIT_MESSAGE })).toBeVisible();
    await expect(added('75120')).toBeHidden();
    await perimeter.getByRole('button', { name: '← Retour' }).click();
    await expect(perimeter.locator('.zone-row__name')).toHaveCount(3);
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-free-limit.png' });

    await page.goto('/subscription');
    const zonesBar = page.getByRole('progressbar', { name: 'Zones d’analyse' });
    await expect(zonesBar).toHaveAttribute('aria-valuenow', '3');
    await expect(zonesBar).toHaveClass(/usage__track--danger/);

    // Light through the local test provider: Education opens, comparison of two zones.
    await subscribeThroughCheckout(page, 'Light');
    await expect(page.getByRole('progressbar', { name: 'Zones d’analyse' })).toHaveAttribute('aria-valuemax', '50');
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-light.png', fullPage: true });
    await page.goto('/map');
    await mapReady(page);
    await openPanel(page, 'Démographie', 'Analyse démographique');
    const region = page.getByRole('region', { name: 'Analyse démographique', exact: true });
    const content = region.getByRole('tabpanel');
    await region.getByRole('tab', { name: 'Education', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Diplôme le plus élevé' })).toBeVisible({ timeout: 60_000 });
    await expect(content.getByText('Créez votre compte')).toBeHidden();
    await expect(content.getByText('Fonctionnalité Premium')).toBeHidden();
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-light-education.png' });
    // Revenus stays a Pro tab.
    await region.getByRole('tab', { name: 'Revenus', exact: true }).click();
    await expect(content.getByText('Fonctionnalité Premium')).toBeVisible();
    await expect(content.getByRole('img', { name: 'Distribution du revenu par déciles' })).toHaveCount(0);

    await region.getByRole('tab', { name: 'Vue d’ensemble', exact: true }).click();
    const compare = region.getByRole('button', { name: 'Mode comparaison' });
    await expect(compare).toBeEnabled();
    await compare.click();
    await expect(region.getByText(/Mode comparaison activé - [23] zones/)).toBeVisible();
    await expect(content.getByRole('heading', { name: /Paris 11e/ })).toBeVisible();
    await expect(content.getByRole('heading', { name: /Paris 12e/ })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-light-comparison.png' });

    // Cancel in the test portal: back to Free, Education locked again.
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Gérer mon abonnement →' }).click();
    await expect(page).toHaveURL(/\/payments\/test-portal/);
    await page.getByRole('button', { name: 'Résilier mon abonnement' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { name: 'Offre actuelle : Gratuit' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-cancelled.png', fullPage: true });
    await page.goto('/map');
    await openPanel(page, 'Démographie', 'Analyse démographique');
    await region.getByRole('tab', { name: 'Education', exact: true }).click();
    await expect(content.getByText('Fonctionnalité Premium')).toBeVisible();
    await expect(content.getByRole('img', { name: 'Diplôme le plus élevé' })).toHaveCount(0);
  });
});

test.describe('the Pro offer against the real server', () => {
  test('a Pro subscriber: Revenus, Activité and Education unlocked; an API key created, used on the REST API, revoked', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await registerVerifiedUser(page, 'paul');
    await subscribeThroughCheckout(page, 'Pro');

    await page.goto('/map');
    await mapReady(page);
    await openPanel(page, 'Périmètre d’analyse', 'Périmètre d’analyse');
    await openParisTree(page);
    const tree = page
      .getByRole('region', { name: 'Périmètre d’analyse', exact: true })
      .getByRole('tree', { name: 'Zones administratives' });
    await tree.getByRole('button', { name: /^Paris 11e.*\(75111\)$/ }).click();
    await expect(
      tree
        .getByRole('button', { name: /^Paris 11e.*\(75111\)$/ })
        .locator('xpath=..')
        .locator('.tree__check'),
    ).toBeVisible();
    await openPanel(page, 'Démographie', 'Analyse démographique');
    const region = page.getByRole('region', { name: 'Analyse démographique', exact: true });
    const content = region.getByRole('tabpanel');
    await region.getByRole('tab', { name: 'Revenus', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Distribution du revenu par déciles' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(content.getByText('Fonctionnalité Premium')).toBeHidden();
    await expect(content.getByText('Filosofi 2015').first()).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-pro-revenue.png' });
    await region.getByRole('tab', { name: 'Activité', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Taux d’activité et d’emploi par âge' })).toBeVisible();
    await region.getByRole('tab', { name: 'Education', exact: true }).click();
    await expect(content.getByRole('img', { name: 'Diplôme le plus élevé' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/subscription-pro-education.png' });

    // API keys: created on the subscription page, shown once, accepted by the REST API, then revoked.
    await page.goto('/subscription');
    const keys = page.getByRole('region', { name: 'Clés d’API' });
    await expect(keys.getByText('Aucune clé active.')).toBeVisible();
    await keys.getByLabel('Nom de la nouvelle clé').fill('Tableau de bord');
    await keys.getByRole('button', { name: 'Créer une clé' }).click();
    const secret = await keys.getByLabel('Nouvelle clé d’API').textContent();
    expect(secret).toMatch(/^zk_/);
    await expect(keys.getByRole('table', { name: 'Clés d’API actives' })).toContainText('Tableau de bord');
    await keys.screenshot({ path: 'tests/e2e/screenshots/subscription-pro-api-key.png' });
    const api = await playwright.request.newContext({ baseURL });
    // The key stands for the user on the REST API (account routes still need the browser session).
    const withKey = () => api.get('/api/subscription/me', { headers: { Authorization: `Bearer ${secret}` } });
    const accepted = await withKey();
    expect(accepted.status()).toBe(200);
    expect(((await accepted.json()) as { subscription: { tier: { name: string } } }).subscription.tier.name).toBe(
      'pro',
    );
    expect((await api.get('/api/auth/me', { headers: { Authorization: `Bearer ${secret}` } })).status()).toBe(401);
    await keys.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await expect(keys.getByLabel('Nouvelle clé d’API')).toHaveCount(0);
    await keys.getByRole('button', { name: 'Révoquer la clé Tableau de bord' }).click();
    await expect(keys.getByText('Aucune clé active.')).toBeVisible();
    expect((await withKey()).status()).toBe(401);
    await api.dispose();
  });
});
