import { cpus, loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { INDICATORS, type IndicatorLevel } from '../src/features/visualizations/indicators';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { launchBenchBrowser, startDemoServer } from './support/browserBench';

const PORT = Number(process.env.VISUALIZATIONS_BENCH_PORT ?? 3182);
const LONG_TASK_TARGET_MS = 50;
const LEVELS: readonly IndicatorLevel[] = ['iris', 'commune'];
const PALETTES = ['greens', 'purples', 'heat', 'blues'] as const;

interface Timing {
  /** Dispatch → the map has drawn the visualisation (source loaded, map idle). */
  drawnMs: number;
  /** Dispatch → the insights of the visible areas are back from the worker. */
  insightsMs: number;
  longTasks: number[];
}

/**
 * Dispatches `actions` through the page's store and times, in the page, until the visualisation is
 * drawn and (when `waitInsights`) its insights computed; long tasks (> 50 ms) seen meanwhile.
 */
function timeActions(page: Page, actions: unknown[], waitInsights: boolean): Promise<Timing> {
  return page.evaluate(
    ([list, insights]) =>
      new Promise<Timing>((resolve, reject) => {
        interface Store {
          dispatch(action: unknown): void;
          getState(): { visualizations: { applyStatus: string; insights: { status: string } } };
          subscribe(listener: () => void): () => void;
        }
        const store = (window as unknown as { __zonalyseStore: Store }).__zonalyseStore;
        const map = (
          window as unknown as { __zonalyseMap: { map: { once(event: string, listener: () => void): void } } }
        ).__zonalyseMap.map;
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) longTasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const startedAt = performance.now();
        let drawnMs = Number.NaN;
        const timeout = setTimeout(() => reject(new Error('visualisation non dessinée en 60 s')), 60_000);
        let seenApplying = false;
        const check = () => {
          const state = store.getState().visualizations;
          if (state.applyStatus === 'applying') seenApplying = true;
          if (insights && seenApplying && Number.isNaN(drawnMs) && state.applyStatus === 'idle')
            drawnMs = performance.now() - startedAt;
          if (!Number.isNaN(drawnMs) && (!insights || state.insights.status === 'ready')) {
            clearTimeout(timeout);
            unsubscribe();
            // Let the observer deliver the last entries.
            setTimeout(() => {
              observer.disconnect();
              resolve({ drawnMs, insightsMs: performance.now() - startedAt, longTasks });
            }, 50);
          }
        };
        const unsubscribe = store.subscribe(check);
        if (!insights)
          map.once('idle', () => {
            drawnMs = performance.now() - startedAt;
            check();
          });
        for (const action of list) store.dispatch(action);
      }),
    [actions, waitInsights] as const,
  );
}

/**
 * The Visualisations panel's work in Chromium over Paris (1440 × 900, zoom 12, PGlite server): each
 * indicator applied at IRIS and commune level — time until drawn and until the worker's insights are
 * back, with main-thread long tasks — then palette restyles of an applied visualisation.
 */
export const visualizationsBenchmark: Benchmark = {
  name: 'visualizations',
  title: 'Visualisations: apply, insights and restyle (Chromium)',
  async run(context) {
    const server = await startDemoServer(context, PORT, { TILE_CACHE_DIR: 'off' });
    const browser = await launchBenchBrowser();
    const rows: (string | number)[][] = [];
    const loadBefore = loadavg()[0] ?? 0;
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
      // tsx keeps function names with an `__name` helper that the page does not have.
      await page.addInitScript('window.__name = (target) => target;');
      await page.goto(`${server.baseUrl}/map`);
      await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
        timeout: 120_000,
      });
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const { map } = (
              window as unknown as {
                __zonalyseMap: { map: { once(event: string, listener: () => void): void; jumpTo(o: unknown): void } };
              }
            ).__zonalyseMap;
            map.once('idle', () => resolve());
            map.jumpTo({ center: [2.3419, 48.8601], zoom: 12 });
          }),
      );
      for (const level of LEVELS) {
        const timings: Timing[] = [];
        for (const indicator of INDICATORS) {
          timings.push(
            await timeActions(
              page,
              [
                { type: 'visualizations/draftChanged', payload: { level, indicator: indicator.id } },
                { type: 'visualizations/visualizationApplied' },
              ],
              true,
            ),
          );
        }
        const restyles: Timing[] = [];
        for (const palette of PALETTES)
          restyles.push(
            await timeActions(page, [{ type: 'visualizations/draftChanged', payload: { palette } }], false),
          );
        const longTasks = timings.flatMap((timing) => timing.longTasks);
        const restyleTasks = restyles.flatMap((timing) => timing.longTasks);
        const [first, ...rest] = timings;
        rows.push([
          level,
          formatMs(first?.drawnMs ?? Number.NaN),
          formatMs(
            quantile(
              rest.map((timing) => timing.drawnMs),
              0.5,
            ),
          ),
          formatMs(
            quantile(
              timings.map((timing) => timing.insightsMs),
              0.5,
            ),
          ),
          formatMs(
            quantile(
              restyles.map((timing) => timing.drawnMs),
              0.5,
            ),
          ),
          `${longTasks.length} / ${longTasks.length ? formatMs(Math.max(...longTasks)) : '—'}`,
          `${restyleTasks.length} / ${restyleTasks.length ? formatMs(Math.max(...restyleTasks)) : '—'}`,
        ]);
        await page.evaluate(() =>
          (window as unknown as { __zonalyseStore: { dispatch(action: unknown): void } }).__zonalyseStore.dispatch({
            type: 'visualizations/visualizationHidden',
          }),
        );
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return [
      'Chromium (software WebGL, `--disable-gpu`), 1440 × 900, Paris at zoom 12, PGlite server with',
      '`TILE_CACHE_DIR=off`. Each of the 7 indicators applied in turn through the store (as',
      '“Appliquer la visualisation”): *drawn* = until the map is idle with the level’s tiles loaded;',
      '*insights* = until the worker’s insights of the visible areas are back. The first indicator of a',
      'level loads its tiles (cold); the others reuse them (the layers are rebuilt). *Restyle* = a palette',
      `change of the applied visualisation until the next idle (4 palettes). Long tasks (> ${LONG_TASK_TARGET_MS} ms) on`,
      'the main thread meanwhile: count / longest. Rendering is software WebGL on the main thread, so most',
      'long tasks are frames being drawn; a restyle (no insights computed) shows the frames alone.',
      `Machine load (1-min load average) at start / end: ${loadBefore.toFixed(1)} / ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} cores.`,
      '',
      markdownTable(
        [
          'level',
          'first apply, drawn',
          'next applies, drawn p50',
          'insights p50',
          'restyle p50',
          'long tasks while applying',
          'long tasks while restyling',
        ],
        rows,
      ),
    ].join('\n');
  },
};
