import { expect, test, toolbar } from './support/shellFixtures';

test.describe('login, registration and profile modals', () => {
  test('login: labelled fields, disabled submit, forgotten password alert, focus trap, Escape', async ({ page }) => {
    await page.goto('/map');
    const profileButton = toolbar(page).getByRole('button', { name: 'Se connecter' });
    await expect(profileButton).toHaveText('U');
    await profileButton.click();
    const dialog = page.getByRole('dialog', { name: 'Se connecter' });
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel('Adresse e-mail');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('type', 'email');
    const submit = dialog.getByRole('button', { name: 'Se connecter' });
    await expect(submit).toBeDisabled();
    await email.fill('marie@exemple.fr');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Mot de passe').fill('secret1');
    await expect(submit).toBeEnabled();

    await dialog.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect(dialog.getByRole('alert')).toContainText('reste à implémenter');

    // Tab cycles inside the dialog.
    await dialog.getByRole('button', { name: 'Créer un compte' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Créer un compte' })).toBeFocused();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-login.png' });

    // The server has no accounts yet: the submit answers with a readable message, nothing is lost.
    await submit.click();
    await expect(dialog.locator('.form__error')).toBeVisible();
    await expect(email).toHaveValue('marie@exemple.fr');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(profileButton).toBeFocused();
  });

  test('registration: /auth/register opens it; messages; switch to login', async ({ page }) => {
    await page.goto('/auth/register');
    await expect(page).toHaveURL(/\/map$/);
    const dialog = page.getByRole('dialog', { name: 'Créer un compte' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Prénom (facultatif)')).toBeFocused();
    await expect(dialog.getByText(/En créant un compte, vous acceptez les conditions d’utilisation/)).toBeVisible();
    await dialog.getByLabel('Adresse e-mail').fill('marie@exemple.fr');
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('12345');
    await dialog.getByLabel('Confirmer le mot de passe').fill('12346');
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(dialog.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
    await expect(dialog.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await expect(dialog.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Mot de passe', { exact: true })).toBeFocused();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-register-errors.png' });

    let sent: unknown;
    await page.route('**/api/auth/register', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        json: { id: 3, email: 'marie@exemple.fr', first_name: null, last_name: null, is_verified: false },
      });
    });
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('123456');
    await dialog.getByLabel('Confirmer le mot de passe').fill('123456');
    await expect(dialog.getByText('Les mots de passe ne correspondent pas')).toBeHidden();
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toEqual({ email: 'marie@exemple.fr', password: '123456' });
    await expect(toolbar(page).getByRole('button', { name: 'Mon compte (marie@exemple.fr)' })).toHaveText('M');

    await page.goto('/auth/register');
    await page.getByRole('dialog', { name: 'Créer un compte' }).getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('dialog', { name: 'Se connecter' })).toBeVisible();
  });

  test('profile of a signed-in user: tabs, verification badge, settings tab, delete confirmation, logout', async ({
    page,
  }) => {
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({
        json: { id: 9, email: 'élodie@exemple.fr', first_name: 'Élodie', last_name: 'Durand', is_verified: false },
      }),
    );
    await page.goto('/map');
    const button = toolbar(page).getByRole('button', { name: 'Mon compte (élodie@exemple.fr)' });
    await expect(button).toHaveText('É');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Mon compte' });
    await expect(dialog.getByText('Élodie Durand')).toBeVisible();
    await expect(dialog.getByText('E-mail non vérifié')).toBeVisible();

    await page.route('**/api/auth/resend-verification', (route) => route.fulfill({ status: 204 }));
    await dialog.getByRole('button', { name: 'Renvoyer' }).click();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Email de vérification renvoyé avec succès' }),
    ).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-profile.png' });

    await dialog.getByRole('tab', { name: 'Paramètres' }).click();
    await dialog.getByRole('radio', { name: 'Sombre' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await dialog.getByRole('radio', { name: 'Clair' }).check();
    await dialog.getByRole('tab', { name: 'Profil' }).click();

    await page.route('**/api/auth/account', (route) =>
      route.fulfill({ status: 500, json: { detail: 'Suppression impossible pour le moment' } }),
    );
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    await expect(confirm).toContainText('irréversible');
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Erreur lors de la suppression du compte' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();

    await page.unroute('**/api/auth/me');
    await dialog.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(dialog).toBeHidden();
    await expect(toolbar(page).getByRole('button', { name: 'Se connecter' })).toHaveText('U');
  });
});
