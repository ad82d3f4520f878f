import type { Browser } from '@playwright/test';
import { recordLongTasksInPage } from './recordLongTasksInPage';

/** Long tasks (ms) of one phase, and the scripts of its long animation frames (who ran, how long). */
export interface PhaseTasks {
  durations: number[];
  scripts: { duration: number; label: string }[];
}

export interface MarkerLongTasks {
  /** Dispatch → markers drawn (canvas attribute set) → map idle. */
  shownMs: number;
  /** Markers drawn at zoom 11 after the load. */
  drawn: number;
  /** From the dispatch to the map idle with the markers. */
  load: PhaseTasks;
  /** Zooms 12 → 17 → 11 with the markers. */
  zooms: PhaseTasks;
  /** The same zooms before any marker: what the basemap alone costs (software WebGL). */
  baselineZooms: PhaseTasks;
}

const ZOOMS = [12, 13, 14, 15, 16, 17, 11];
const CHUNK = 10_000;

/**
 * Puts `items` in the store with `action(items)` on the map screen at zoom 11 over Paris and records the
 * main-thread long tasks (PerformanceObserver `longtask`) of the load, then of a zoom sequence; the same
 * zoom sequence is first run without markers as the baseline of the basemap alone.
 */
export async function measureMarkerLongTasks(
  browser: Browser,
  baseUrl: string,
  items: readonly object[],
  /** The action type, its payload without the items, and the payload key the items go to. */
  action: { type: string; payloadTemplate: object; itemsKey: string },
  datasetKey: string,
): Promise<MarkerLongTasks> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  try {
    await recordLongTasksInPage(page);
    await page.goto(`${baseUrl}/map`);
    await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
      timeout: 120_000,
    });
    // The items reach the page in pieces before anything is measured (one huge argument is slow to pass).
    await page.evaluate(() => {
      (window as unknown as { __benchItems: unknown[] }).__benchItems = [];
    });
    for (let start = 0; start < items.length; start += CHUNK) {
      await page.evaluate(
        (chunk) => {
          (window as unknown as { __benchItems: unknown[] }).__benchItems.push(...chunk);
        },
        items.slice(start, start + CHUNK),
      );
    }
    await page.waitForTimeout(2_000);
    const { payloadTemplate, itemsKey } = action;
    return await page.evaluate(
      async ({ type, payloadTemplate, itemsKey, datasetKey, zooms }) => {
        type MapHandle = {
          map: {
            jumpTo: (o: object) => void;
            once: (e: string, f: () => void) => void;
            getCanvas: () => HTMLCanvasElement;
          };
        };
        const window_ = window as unknown as {
          __zonalyseStore: { dispatch: (action: object) => void };
          __zonalyseMap: MapHandle;
          __longTasks: { start: number; duration: number }[];
          __frameScripts: { start: number; duration: number; label: string }[];
          __benchItems: unknown[];
        };
        const { map } = window_.__zonalyseMap;
        const idle = () => new Promise<void>((done) => map.once('idle', done));
        const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
        const tasksSince = (since: number, until = Infinity) => ({
          durations: window_.__longTasks
            .filter((task) => task.start >= since && task.start < until)
            .map((task) => task.duration),
          scripts: window_.__frameScripts
            .filter((script) => script.start >= since && script.start < until)
            .map(({ duration, label }) => ({ duration, label })),
        });
        const zoomSequence = async () => {
          for (const zoom of zooms) {
            map.jumpTo({ center: [2.35, 48.86], zoom });
            await idle();
            await pause(100);
          }
        };
        map.jumpTo({ center: [2.35, 48.86], zoom: 11 });
        await idle();
        await pause(500);
        const baselineStartedAt = performance.now();
        await zoomSequence();
        const baselineEndedAt = performance.now();
        await pause(500);
        const startedAt = performance.now();
        window_.__zonalyseStore.dispatch({ type, payload: { ...payloadTemplate, [itemsKey]: window_.__benchItems } });
        while (!(Number(map.getCanvas().dataset[datasetKey]) > 0)) await pause(5);
        await idle();
        const shownAt = performance.now();
        const drawn = Number(map.getCanvas().dataset[datasetKey]);
        await pause(500);
        const zoomsStartedAt = performance.now();
        await zoomSequence();
        return {
          shownMs: shownAt - startedAt,
          drawn,
          load: tasksSince(startedAt, shownAt + 500),
          zooms: tasksSince(zoomsStartedAt),
          baselineZooms: tasksSince(baselineStartedAt, baselineEndedAt),
        };
      },
      { type: action.type, payloadTemplate, itemsKey, datasetKey, zooms: ZOOMS },
    );
  } finally {
    await page.close();
  }
}

/** « n / longest » of a phase's long tasks. */
export function describeTasks(phase: PhaseTasks): string {
  return phase.durations.length === 0
    ? '0'
    : `${phase.durations.length} / ${Math.round(Math.max(...phase.durations))} ms`;
}

/** Whether a script is MapLibre drawing a frame (`requestAnimationFrame`), which the basemap alone also does. */
const isRenderFrame = (script: { label: string }) => script.label.startsWith('FrameRequestCallback');

/** The longest script of a phase's long animation frames, with who ran it (map frames included or not). */
export function longestScript(phase: PhaseTasks, renderFrames: boolean): { duration: number; text: string } {
  const longest = phase.scripts
    .filter((script) => renderFrames === isRenderFrame(script))
    .sort((a, b) => b.duration - a.duration)[0];
  return longest
    ? { duration: longest.duration, text: `${Math.round(longest.duration)} ms, ${longest.label}` }
    : { duration: 0, text: '—' };
}
