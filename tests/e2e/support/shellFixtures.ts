import { expect, test as base, type Page } from '@playwright/test';

/**
 * Playwright `test` whose pages record every request and fail the test if one leaves 127.0.0.1
 * (automatic for every test using it): the app must never call an outside service by default.
 */
export const test = base.extend<{ outsideRequests: string[] }>({
  outsideRequests: [
    async ({ page }, provide) => {
      const outside: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol === 'data:' || url.protocol === 'blob:') return;
        if (url.hostname !== '127.0.0.1') outside.push(request.url());
      });
      await provide(outside);
      expect(outside, 'requêtes sorties de 127.0.0.1').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Seven toolbar panels: toolbar label and panel title. */
export const TOOLBAR_PANELS = [
  { id: 'perimeter', label: 'Périmètre d’analyse', title: 'Périmètre d’analyse' },
  { id: 'demographics', label: 'Démographie', title: 'Analyse démographique' },
  { id: 'businesses', label: 'Entreprises', title: 'Analyse d’entreprises' },
  { id: 'real-estate', label: 'Immobilier DVF', title: 'Immobilier' },
  { id: 'public_services', label: 'Services publics', title: 'Services publics' },
  { id: 'visualizations', label: 'Visualisations', title: 'Visualisations' },
  { id: 'export', label: 'Export', title: 'Exporter les données' },
] as const;

export const toolbar = (page: Page) => page.getByRole('navigation', { name: 'Barre d’outils' });
export const rail = (page: Page) => page.getByRole('navigation', { name: 'Panneaux', exact: true });
export const panel = (page: Page, id: string) => page.locator(`section[data-panel="${id}"]`);

/** Waits until the map has loaded its style (the theme it shows is on `data-map-theme`). */
export async function mapReady(page: Page, theme: 'light' | 'dark' = 'light'): Promise<void> {
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-status', 'ready');
  await expect(page.locator('.map-view__canvas')).toHaveAttribute('data-map-theme', theme);
}

/** The left edge and width of a panel once its layout transition has ended. */
export async function box(page: Page, id: string): Promise<{ x: number; width: number }> {
  const locator = panel(page, id);
  await expect
    .poll(async () => locator.evaluate((element) => element.getAnimations().length), { timeout: 5_000 })
    .toBe(0);
  const found = await locator.boundingBox();
  if (!found) throw new Error(`panneau ${id} absent`);
  return { x: Math.round(found.x), width: Math.round(found.width) };
}

/**
 * Waits until the map has drawn everything asked of it so far: a repaint is requested and the map's next
 * `idle` event (tiles loaded, no camera move, paint transitions over) awaited — not a fixed sleep.
 */
export async function mapIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const controller = (
          window as unknown as { __zonalyseMap: { onIdle(listener: () => void): () => void; repaint(): void } }
        ).__zonalyseMap;
        const stop = controller.onIdle(() => {
          stop();
          resolve();
        });
        controller.repaint();
      }),
  );
}
