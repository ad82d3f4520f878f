import { expect, type Page } from '@playwright/test';

/**
 * Opens, in the local inbox page the app serves without SMTP_URL, the newest mail to `email` whose
 * subject starts with `subject`, and follows its link to `path` — as a user clicking in their mail.
 */
export async function followMailedLink(page: Page, email: string, subject: string, path: string): Promise<void> {
  await expect(async () => {
    await page.goto('/api/mail/inbox');
    await page
      .getByRole('row', { name: email })
      .getByRole('link', { name: new RegExp(`^${subject}`) })
      .first()
      // A short wait per attempt: the mail may arrive after the page was loaded, so reload until it is there.
      .click({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(subject);
  await page.getByRole('link', { name: new RegExp(path) }).click();
}

/** A fresh address per run: the e2e database is kept between runs. */
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}@exemple.fr`;
