import { expect, test, toolbar } from './support/shellFixtures';
import {
  registerThroughModal,
  registerVerifiedUser,
  signInThroughModal,
  subscribeThroughCheckout,
} from './support/accountJourney';
import { followMailedLink } from './support/mailbox';

/** A small saved zone (a square near the Hôtel de Ville) in the body the app posts to /api/user-zones. */
const squareZone = (id: string) => ({
  id,
  name: `Zone ${id}`,
  address: '10 Rue de Rivoli 75004 Paris',
  coordinates: [2.355, 48.855],
  transportMode: 'walking',
  travelTime: 15,
  zoneType: 'time',
  zoneDistance: 1000,
  departureTime: null,
  geometry: {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [2.35, 48.85],
          [2.36, 48.85],
          [2.36, 48.86],
          [2.35, 48.86],
          [2.35, 48.85],
        ],
      ],
    },
    properties: {},
  },
  properties: {},
});

test.describe('routes and pages', () => {
  test('/ and /map-old lead to /map, /#pricing to the offers, unknown paths to the map', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/map$/);
    await page.goto('/map-old');
    await expect(page).toHaveURL(/\/map$/);
    await page.goto('/#pricing');
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto('/nulle-part');
    await expect(page).toHaveURL(/\/map$/);
  });

  test('pricing: three offers with their prices, Light the most popular, trial and payment footer', async ({
    page,
    outsideRequests,
  }) => {
    await page.goto('/map');
    await toolbar(page).getByRole('link', { name: 'Zonalyse : présentation et offres' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page).toHaveTitle('Nos offres — Zonalyse');
    const plans = page.locator('.plan');
    await expect(plans).toHaveCount(3);
    await expect(plans.locator('.plan__name')).toHaveText(['Gratuit', 'Light', 'Pro']);
    await expect(plans.locator('.plan__amount')).toHaveText(['0 €', '99 €', '199 €']);
    await expect(page.getByText('Le plus populaire')).toHaveCount(1);
    await expect(plans.nth(1).getByText('Le plus populaire')).toBeVisible();
    await expect(plans.nth(0)).toContainText('3 zones d’analyse par mois');
    await expect(plans.nth(0)).toContainText('10 indicateurs essentiels');
    await expect(plans.nth(1)).toContainText('50 zones d’analyse par mois');
    await expect(plans.nth(2)).toContainText('Zones d’analyse illimitées');
    await expect(plans.nth(2)).toContainText('108 indicateurs');
    await expect(plans.nth(2)).toContainText('API REST complète');
    await expect(page.getByText('Toutes les offres incluent un essai gratuit de 14 jours')).toBeVisible();
    await expect(page.getByText(/Paiement sécurisé.*Annulation à tout moment/)).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-pricing.png', fullPage: true });

    // Anonymous: a paid offer asks for an account first; the free offer goes to the map.
    await page.getByRole('button', { name: 'Choisir Light' }).click();
    await expect(page.getByRole('dialog', { name: 'Créer un compte' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Commencer gratuitement' }).click();
    await expect(page).toHaveURL(/\/map$/);
    expect(outsideRequests).toEqual([]);
  });

  test('settings: back to map, theme, honest language select, notifications toggle, legal section', async ({
    page,
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    const language = page.getByLabel('Langue de l’interface');
    await expect(language).toHaveValue('fr');
    await expect(language.locator('option[value="en"]')).toBeDisabled();
    await expect(page.getByText('l’anglais n’est pas encore disponible')).toBeVisible();

    const notifications = page.getByRole('switch', { name: 'Notifications par e-mail' });
    await expect(notifications).toHaveAttribute('aria-checked', 'true');
    await notifications.click();
    await expect(notifications).toHaveAttribute('aria-checked', 'false');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Notifications par e-mail' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.getByRole('switch', { name: 'Notifications par e-mail' }).click();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter mes données' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^zonalyse-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse((await (await file.createReadStream()).toArray()).join('')) as Record<string, unknown>;
    expect(exported).toMatchObject({ application: 'Zonalyse', account: null, settings: { theme: 'light' } });
    await expect(page.getByText('Données exportées')).toBeVisible();

    await page.getByText('Politique de confidentialité').click();
    await expect(page.getByText('Zonalyse n’appelle aucun service tiers')).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-settings.png', fullPage: true });

    await page.goto('/settings#conditions');
    await expect(page.getByText('Licence Ouverte 2.0')).toBeVisible();

    await page.getByRole('link', { name: 'Retour à la carte' }).click();
    await expect(page).toHaveURL(/\/map$/);
  });

  test('subscription: anonymous plan, zone usage bar, links to register and the offers', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Offre actuelle : sans compte' })).toBeVisible();
    const zones = page.getByRole('progressbar', { name: 'Zones d’analyse' });
    await expect(zones).toHaveAttribute('aria-valuemax', '1');
    await expect(zones).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByRole('link', { name: 'Voir toutes les offres →' })).toHaveAttribute('href', '/pricing');
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-subscription.png', fullPage: true });
    await page.getByRole('link', { name: 'Créer mon compte gratuit' }).click();
    await expect(page).toHaveURL(/\/map$/);
    await expect(page.getByRole('dialog', { name: 'Créer un compte' })).toBeVisible();
  });

  test('subscription of a Light user: plan, upgrade, management, usage bars coloured at 70 % and 90 %', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await registerVerifiedUser(page, 'lea');
    await subscribeThroughCheckout(page, 'Light');
    await expect(page.getByText('99 € /mois')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passer à Pro' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByRole('button', { name: 'Gérer mon abonnement →' })).toBeVisible();
    await expect(page.getByText('Indicateurs disponibles : 50')).toBeVisible();

    // Zones saved through the API with the user's session, as the app saves them: 36 of 50, then 46 of 50.
    const saveZones = async (from: number, to: number) => {
      for (let index = from; index < to; index += 1) {
        const response = await page.request.post('/api/user-zones', { data: squareZone(`lea-${index}`) });
        expect(response.status(), await response.text()).toBe(201);
      }
    };
    const zones = page.getByRole('progressbar', { name: 'Zones d’analyse' });
    const exportsBar = page.getByRole('progressbar', { name: 'Exports' });
    const fillColour = (bar: typeof zones) =>
      bar.locator('.usage__fill').evaluate((element) => getComputedStyle(element).backgroundColor);
    await saveZones(0, 36);
    await page.reload();
    await expect(zones).toHaveAttribute('aria-valuenow', '36');
    await expect(zones).toHaveClass(/usage__track--warning/);
    expect(await fillColour(zones)).toBe('rgb(234, 179, 8)');
    await saveZones(36, 46);
    await page.reload();
    await expect(zones).toHaveAttribute('aria-valuenow', '46');
    await expect(zones).toHaveClass(/usage__track--danger/);
    expect(await fillColour(zones)).toBe('rgb(220, 38, 38)');
    await expect(exportsBar).toHaveAttribute('aria-valuenow', '0');
    await expect(exportsBar).not.toHaveClass(/usage__track--(warning|danger)/);
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-subscription-light.png', fullPage: true });
  });

  test('verify-email: invalid without a token, an error with one the server refuses', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('alert')).toHaveText('Lien de vérification invalide ou manquant');
    await expect(page.getByRole('link', { name: 'Retour à l’application' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-verify-email-invalid.png' });

    // A signed-in user whose address is not verified yet opens a link the server does not know.
    const address = await registerThroughModal(page, 'hugo');
    await signInThroughModal(page, address);
    await page.goto('/verify-email?token=jeton-que-le-serveur-ne-connait-pas');
    await expect(page.getByRole('alert')).toHaveText('Lien invalide ou expiré. Demandez un nouveau lien.');
    await page.getByRole('button', { name: 'Renvoyer l’e-mail de vérification' }).click();
    await expect(page.getByText('Email de vérification renvoyé avec succès !')).toBeVisible();
    // The new link in the local inbox verifies the address.
    await followMailedLink(page, address, 'Confirmez votre adresse e-mail', '/verify-email');
    await expect(page.getByText('Votre adresse e-mail est vérifiée. Merci !')).toBeVisible();
  });

  test('verify-email: success, then back to the map after 3 s', async ({ page }) => {
    const address = await registerThroughModal(page, 'ines');
    await followMailedLink(page, address, 'Confirmez votre adresse e-mail', '/verify-email');
    await expect(page.getByText('Votre adresse e-mail est vérifiée. Merci !')).toBeVisible();
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/map$/, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
  });
});
