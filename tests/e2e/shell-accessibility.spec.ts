import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, mapReady, test, toolbar } from './support/shellFixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`/map, with panels and the login modal (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/map');
      await mapReady(page, theme);
      expect(await seriousViolations(page)).toEqual([]);
      await toolbar(page).getByRole('button', { name: 'Périmètre d’analyse' }).click();
      await page
        .getByRole('navigation', { name: 'Panneaux', exact: true })
        .getByRole('button', { name: 'Démographie' })
        .click();
      await page
        .getByRole('navigation', { name: 'Panneaux', exact: true })
        .getByRole('button', { name: 'Export' })
        .click();
      expect(await seriousViolations(page)).toEqual([]);
      await page
        .getByRole('navigation', { name: 'Panneaux', exact: true })
        .getByRole('button', { name: 'Fermer tous les panneaux' })
        .click();
      await toolbar(page).getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('dialog', { name: 'Se connecter' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`/settings and /pricing (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/subscription');
      await expect(page.getByRole('progressbar')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('every control of the map screen is reachable with Tab and shows a focus ring', async ({ page }) => {
    await page.goto('/map');
    await mapReady(page);
    const reached = new Set<string>();
    await page.locator('body').focus();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return null;
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
          outline: getComputedStyle(element).outlineStyle,
        };
      });
      if (!focused) continue;
      reached.add(focused.name);
      expect(focused.outline, `anneau de focus sur ${focused.name}`).not.toBe('none');
    }
    for (const name of [
      'Zonalyse : présentation et offres',
      'Périmètre d’analyse',
      'Export',
      'Paramètres',
      'Se connecter',
      'Recherche',
      'Choroplèthe',
      'Zoom avant',
    ]) {
      expect([...reached]).toContain(name);
    }
  });
});
