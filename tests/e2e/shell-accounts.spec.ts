import { followMailedLink, uniqueEmail } from './support/mailbox';
import { expect, test, toolbar } from './support/shellFixtures';

test.describe('login, registration and profile modals', () => {
  test('login: labelled fields, disabled submit, forgotten password link, focus trap, Escape', async ({ page }) => {
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
    await expect(dialog.getByRole('region', { name: 'Mot de passe oublié' })).toContainText(
      'Recevez un lien de réinitialisation à l’adresse marie@exemple.fr.',
    );

    // Tab cycles inside the dialog.
    await dialog.getByRole('button', { name: 'Créer un compte' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Créer un compte' })).toBeFocused();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-login.png' });

    // No such account: the server's message, the same as for a wrong password; nothing typed is lost.
    await submit.click();
    await expect(dialog.locator('.form__error')).toHaveText('E-mail ou mot de passe incorrect');
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

    const address = uniqueEmail('marie');
    await dialog.getByLabel('Adresse e-mail').fill(address);
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('123456');
    await dialog.getByLabel('Confirmer le mot de passe').fill('123456');
    await expect(dialog.getByText('Les mots de passe ne correspondent pas')).toBeHidden();
    await dialog.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(dialog.getByRole('status')).toContainText('Vérifiez votre boîte mail.');
    await expect(dialog.getByRole('status')).toContainText(address);
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-register-mail-sent.png' });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();

    // The mail arrives in the local inbox; its link verifies the address and signs the user in.
    await followMailedLink(page, address, 'Confirmez votre adresse e-mail', '/verify-email');
    await expect(page.getByRole('status')).toContainText('Votre adresse e-mail est vérifiée');
    await page.getByRole('link', { name: 'Aller à la carte' }).click();
    const account = toolbar(page).getByRole('button', { name: `Mon compte (${address})` });
    await expect(account).toHaveText('M');
    await account.click();
    await expect(page.getByRole('dialog', { name: 'Mon compte' }).getByText('E-mail vérifié')).toBeVisible();
    await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(toolbar(page).getByRole('button', { name: 'Se connecter' })).toHaveText('U');

    await page.goto('/auth/register');
    await page.getByRole('dialog', { name: 'Créer un compte' }).getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('dialog', { name: 'Se connecter' })).toBeVisible();
  });

  test('profile of a signed-in user: unverified badge, resend, edit profile, change password, delete', async ({
    page,
  }) => {
    const address = uniqueEmail('elodie');
    await page.goto('/auth/register');
    const register = page.getByRole('dialog', { name: 'Créer un compte' });
    await register.getByLabel('Prénom (facultatif)').fill('Élodie');
    await register.getByLabel('Nom (facultatif)', { exact: true }).fill('Durand');
    await register.getByLabel('Adresse e-mail').fill(address);
    await register.getByLabel('Mot de passe', { exact: true }).fill('phrase de passe initiale');
    await register.getByLabel('Confirmer le mot de passe').fill('phrase de passe initiale');
    await register.getByRole('button', { name: 'Créer un compte' }).click();
    await expect(register.getByRole('status')).toContainText('Vérifiez votre boîte mail.');
    // Signing in before opening the link is allowed; the profile then says the address is unverified.
    await register.getByRole('button', { name: 'Fermer' }).first().click();
    await toolbar(page).getByRole('button', { name: 'Se connecter' }).click();
    const login = page.getByRole('dialog', { name: 'Se connecter' });
    await login.getByLabel('Adresse e-mail').fill(address);
    await login.getByLabel('Mot de passe').fill('phrase de passe initiale');
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await expect(login).toBeHidden();

    const button = toolbar(page).getByRole('button', { name: `Mon compte (${address})` });
    await expect(button).toHaveText('E');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Mon compte' });
    await expect(dialog.getByText('Élodie Durand')).toBeVisible();
    await expect(dialog.getByText('E-mail non vérifié')).toBeVisible();
    await dialog.getByRole('button', { name: 'Renvoyer' }).click();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Email de vérification renvoyé avec succès' }),
    ).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-profile.png' });

    await dialog.getByRole('button', { name: 'Modifier le profil' }).click();
    const profileForm = dialog.getByRole('form', { name: 'Modifier le profil' });
    await profileForm.getByLabel('Prénom').fill('Élise');
    await profileForm.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog.getByText('Élise Durand')).toBeVisible();

    await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const passwordForm = dialog.getByRole('form', { name: 'Changer le mot de passe' });
    await passwordForm.getByLabel('Mot de passe actuel').fill('pas le bon');
    await passwordForm.getByLabel('Nouveau mot de passe', { exact: true }).fill('nouvelle phrase de passe');
    await passwordForm.getByLabel('Confirmer le nouveau mot de passe').fill('nouvelle phrase de passe');
    await passwordForm.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(passwordForm.getByRole('alert')).toHaveText('Mot de passe actuel incorrect');
    await passwordForm.getByLabel('Mot de passe actuel').fill('phrase de passe initiale');
    await passwordForm.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Mot de passe modifié' })).toBeVisible();
    await page.screenshot({ path: 'tests/e2e/screenshots/shell-profile-password.png' });

    await dialog.getByRole('tab', { name: 'Paramètres' }).click();
    await dialog.getByRole('radio', { name: 'Sombre' }).check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await dialog.getByRole('radio', { name: 'Clair' }).check();
    await dialog.getByRole('tab', { name: 'Profil' }).click();

    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    await expect(confirm).toContainText('irréversible');
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Compte supprimé avec succès' })).toBeVisible();
    await expect(toolbar(page).getByRole('button', { name: 'Se connecter' })).toHaveText('U');

    // The deleted account cannot sign in any more.
    await toolbar(page).getByRole('button', { name: 'Se connecter' }).click();
    await login.getByLabel('Adresse e-mail').fill(address);
    await login.getByLabel('Mot de passe').fill('nouvelle phrase de passe');
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await expect(login.locator('.form__error')).toHaveText('E-mail ou mot de passe incorrect');
  });
});
