import type { Page } from '@playwright/test';
import { launchBenchBrowser, SOFTWARE_RENDERING } from './support/browserBench';

/** Long-task threshold of the target: no main-thread task over 50 ms from the click to the charts drawn. */
export const LONG_TASK_TARGET_MS = 50;

/**
 * How Chromium composites the page. `software` (`--disable-gpu`, the journeys' setting): WebGL runs in
 * SwiftShader and every map frame is read back to the main thread at commit, so each frame the map draws is
 * a main-thread task as long as SwiftShader's render of it. `gpu`: GPU compositing, still on SwiftShader
 * (no GPU here), as a browser with a GPU composites: the map's frames no longer block the main thread; 2D
 * canvases stay on the CPU (SwiftShader would make them slower than any GPU does).
 */
export type Compositing = 'software' | 'gpu';
const COMPOSITING_FLAGS: Record<Compositing, string[]> = {
  software: SOFTWARE_RENDERING,
  gpu: [
    '--use-gl=angle',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
    // 2D canvases (the charts) drawn by the CPU: on SwiftShader an accelerated 2D canvas is slower than a GPU's.
    '--disable-accelerated-2d-canvas',
  ],
};

/** One measured window: from a click to its figures or charts drawn, plus 500 ms. */
export interface PanelWindow {
  step: string;
  durationsMs: number[];
  longTasks: number[];
}

/** The large zone of the bench: a 15-minute drive from 52 rue de la Roquette (several hundred IRIS). */
export const BENCH_ZONE = { address: '52 rue de la Roquette, Paris', mode: /Voiture/, minutes: '15' };

/**
 * Creates the bench's zone as a user does: « Périmètre d’analyse » → « Zone isochrone personnalisée »,
 * the address chosen among the suggestions, « Voiture », 15 min, « Créer la zone » (the isochrone engine
 * computes it, the zones API stores it); then waits for the zone's row in the panel.
 */
export async function createZoneThroughPerimeter(page: Page): Promise<void> {
  const perimeterTitle = 'Périmètre d’analyse';
  const perimeter = page.getByRole('region', { name: perimeterTitle, exact: true });
  await page
    .getByRole('navigation', { name: 'Barre d’outils' })
    .getByRole('button', { name: perimeterTitle, exact: true })
    .click();
  await perimeter.getByRole('button', { name: 'Zone isochrone personnalisée' }).click();
  await perimeter.getByRole('combobox', { name: 'Adresse de départ' }).fill(BENCH_ZONE.address);
  await perimeter.getByRole('option').first().getByRole('button').click({ timeout: 60_000 });
  await perimeter.getByRole('radio', { name: BENCH_ZONE.mode }).check();
  await perimeter.getByLabel(/Temps de trajet/).fill(BENCH_ZONE.minutes);
  await perimeter.getByRole('button', { name: 'Créer la zone' }).click();
  await perimeter.getByText(`Voiture · ${BENCH_ZONE.minutes} min`).waitFor({ timeout: 120_000 });
}

/**
 * Waits until the map has drawn the new zone and loaded its tiles (MapLibre's `idle`), then a quiet second:
 * frames still settling after the zone's creation are not counted against the panel.
 */
async function mapIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const { map } = (
          window as unknown as {
            __zonalyseMap: { map: { once(event: string, listener: () => void): void; triggerRepaint(): void } };
          }
        ).__zonalyseMap;
        map.once('idle', () => resolve());
        map.triggerRepaint();
      }),
  );
  await page.waitForTimeout(1_000);
}

/** Starts collecting long tasks in the page (PerformanceObserver `longtask`). */
async function observeLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { __longTasks: number[]; __longTaskObserver?: PerformanceObserver };
    target.__longTaskObserver?.disconnect();
    target.__longTasks = [];
    target.__longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.__longTasks.push(entry.duration);
    });
    target.__longTaskObserver.observe({ type: 'longtask' });
  });
}

async function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    // Half a second after the last frame: tasks the figures' arrival queued are counted too.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500)));
    const target = window as unknown as { __longTasks: number[]; __longTaskObserver?: PerformanceObserver };
    target.__longTaskObserver?.disconnect();
    return target.__longTasks;
  });
}

/** Waits until every chart of the visible tab has its canvas drawn. */
async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const panel = document.querySelector('[role="tabpanel"]');
      const charts = panel ? [...panel.querySelectorAll('.demographics-chart')] : [];
      return charts.length > 0 && charts.every((chart) => chart.querySelector('canvas') !== null);
    },
    undefined,
    { timeout: 120_000, polling: 16 },
  );
}

/**
 * The demographics panel as a user opens it, in Chromium: a zone created in the perimeter panel (a
 * 15-minute drive, several hundred IRIS) drawn and idle, then (1) the click on « Démographie » to the overview figures,
 * (2–4) the clicks on the Population, Ménages and Logement tabs to their charts drawn. Long tasks are
 * collected by a PerformanceObserver in each window. One warm-up run, then `runs` measured runs.
 */
export async function measurePanelLoad(
  baseUrl: string,
  runs = 3,
  compositing: Compositing = 'software',
): Promise<PanelWindow[]> {
  const browser = await launchBenchBrowser(COMPOSITING_FLAGS[compositing]);
  const windows = new Map<string, PanelWindow>();
  const record = (step: string, durationMs: number, longTasks: number[]) => {
    const window = windows.get(step) ?? { step, durationsMs: [], longTasks: [] };
    window.durationsMs.push(durationMs);
    window.longTasks.push(...longTasks);
    windows.set(step, window);
  };
  try {
    for (let run = 0; run <= runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/map`);
      await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
        timeout: 180_000,
      });
      await createZoneThroughPerimeter(page);
      await mapIdle(page);

      await observeLongTasks(page);
      let startedAt = Date.now();
      // With the perimeter panel open, the panels are reached from the rail.
      await page
        .getByRole('navigation', { name: 'Panneaux', exact: true })
        .getByRole('button', { name: 'Démographie', exact: true })
        .click();
      const panel = page.getByRole('region', { name: 'Analyse démographique', exact: true });
      await panel.locator('.figure-card').filter({ hasText: 'Âge médian' }).getByText(/ans$/).waitFor({
        timeout: 120_000,
      });
      const overviewMs = Date.now() - startedAt;
      const overviewTasks = await takeLongTasks(page);
      if (run > 0) record('Clic « Démographie » → vue d’ensemble chiffrée', overviewMs, overviewTasks);

      for (const tab of ['Population', 'Ménages', 'Logement']) {
        await observeLongTasks(page);
        startedAt = Date.now();
        await panel.getByRole('tab', { name: tab, exact: true }).click();
        await chartsDrawn(page);
        const tabMs = Date.now() - startedAt;
        const tabTasks = await takeLongTasks(page);
        if (run > 0) record(`Clic onglet ${tab} → graphiques dessinés`, tabMs, tabTasks);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return [...windows.values()];
}
