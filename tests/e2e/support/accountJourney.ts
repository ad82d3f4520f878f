import { expect, type Page } from '@playwright/test';
import { followMailedLink, uniqueEmail } from './mailbox';

export const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

export const PASSWORD = 'phrase de passe solide';

/** Creates an account through the registration modal (the verification mail is not opened). Returns the address. */
export async function registerThroughModal(page: Page, label: string, password = PASSWORD): Promise<string> {
  const address = uniqueEmail(label);
  await page.goto('/auth/register');
  const dialog = page.getByRole('dialog', { name: 'Créer un compte' });
  await dialog.getByLabel('Adresse e-mail').fill(address);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog.getByLabel('Confirmer le mot de passe').fill(password);
  await dialog.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(dialog.getByRole('status')).toContainText('Vérifiez votre boîte mail.');
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  return address;
}

/**
 * Creates an account through the registration modal, opens the verification mail in the local inbox and
 * follows its link: the user ends verified and signed in, on the verify-email page. Returns the address.
 */
export async function registerVerifiedUser(page: Page, label: string, password = PASSWORD): Promise<string> {
  const address = await registerThroughModal(page, label, password);
  await followMailedLink(page, address, 'Confirmez votre adresse e-mail', '/verify-email');
  await expect(page.getByRole('status')).toContainText('Votre adresse e-mail est vérifiée');
  return address;
}

/** Signs in through the login modal from the map's toolbar. */
export async function signInThroughModal(page: Page, address: string, password = PASSWORD): Promise<void> {
  await page.goto('/map');
  await page.getByRole('navigation', { name: 'Barre d’outils' }).getByRole('button', { name: 'Se connecter' }).click();
  const login = page.getByRole('dialog', { name: 'Se connecter' });
  await login.getByLabel('Adresse e-mail').fill(address);
  await login.getByLabel('Mot de passe').fill(password);
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(login).toBeHidden();
}

/** Subscribes the signed-in user to `plan` through the local test provider's checkout (Stripe test card). */
export async function subscribeThroughCheckout(page: Page, plan: 'Light' | 'Pro'): Promise<void> {
  await page.goto('/pricing');
  await page.getByRole('button', { name: `Choisir ${plan}` }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout/);
  await expect(page.getByRole('heading', { name: `Paiement — offre ${plan}` })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Mode test');
  await page.getByLabel('Numéro de carte').fill(TEST_CARD.number);
  await page.getByLabel('Expiration (MM/AA)').fill(TEST_CARD.expiry);
  await page.getByLabel('Cryptogramme').fill(TEST_CARD.cvc);
  await page.getByRole('button', { name: /Démarrer l’essai de 14 jours/ }).click();
  await expect(page).toHaveURL(/\/subscription/);
  await expect(page.getByRole('heading', { name: `Offre actuelle : ${plan}` })).toBeVisible();
}
