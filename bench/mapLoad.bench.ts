import type { Browser } from '@playwright/test';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { launchBenchBrowser, startDemoServer } from './support/browserBench';

const PORT = Number(process.env.MAP_LOAD_BENCH_PORT ?? 3152);
const RUNS = 5;
/** After the first idle, keep watching the main thread this long (panels, toasts, late work). */
const AFTER_IDLE_WATCH_MS = 3_000;
const LONG_TASK_TARGET_MS = 50;

interface RunResult {
  firstIdleMs: number;
  styleAppliedMs: number;
  longTasksBefore: number[];
  longTasksAfter: number[];
  styleOrigin: string | null;
}

/** One cold load of /map in a fresh browser context: long tasks before and after the map's first idle. */
async function measureRun(browser: Browser, baseUrl: string, theme: 'light' | 'dark'): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.addInitScript((chosenTheme) => {
    localStorage.setItem('theme', chosenTheme);
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  }, theme);
  await page.goto(`${baseUrl}/map`);
  await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
    timeout: 120_000,
  });
  await page.waitForTimeout(AFTER_IDLE_WATCH_MS);
  const result = await page.evaluate(() => {
    const idle = performance.getEntriesByName('zonalyse:map-first-idle')[0]?.startTime ?? Number.NaN;
    const style = performance.getEntriesByName('zonalyse:map-style-applied')[0]?.startTime ?? Number.NaN;
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
    return {
      firstIdleMs: idle,
      styleAppliedMs: style,
      longTasksBefore: tasks.filter((task) => task.start < idle).map((task) => task.duration),
      longTasksAfter: tasks.filter((task) => task.start >= idle).map((task) => task.duration),
      styleOrigin: document.querySelector('.map-view__canvas')?.getAttribute('data-style-origin') ?? null,
    };
  });
  await context.close();
  return result;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The first load of the map screen in Chromium: time from navigation to the style applied and to the
 * map's first `idle` (style, tiles and glyphs of the first view rendered), and main-thread long tasks
 * (PerformanceObserver `longtask`, > 50 ms) before and after that idle.
 */
export const mapLoadBenchmark: Benchmark = {
  name: 'map-load',
  title: 'Map screen first load (Chromium)',
  async run(context) {
    const server = await startDemoServer(context, PORT);
    const browser = await launchBenchBrowser();
    const rows: (string | number)[][] = [];
    const origins = new Set<string>();
    try {
      for (const theme of ['light', 'dark'] as const) {
        await measureRun(browser, server.baseUrl, theme); // warm the server's tile cache and the OS file cache
        const runs: RunResult[] = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await measureRun(browser, server.baseUrl, theme));
        for (const run of runs) if (run.styleOrigin) origins.add(run.styleOrigin);
        const before = runs.flatMap((run) => run.longTasksBefore);
        const after = runs.flatMap((run) => run.longTasksAfter);
        const overTarget = after.filter((duration) => duration > LONG_TASK_TARGET_MS).length;
        rows.push([
          theme,
          formatMs(
            quantile(
              runs.map((run) => run.styleAppliedMs),
              0.5,
            ),
          ),
          formatMs(
            quantile(
              runs.map((run) => run.firstIdleMs),
              0.5,
            ),
          ),
          formatMs(Math.max(...runs.map((run) => run.firstIdleMs))),
          `${(before.length / RUNS).toFixed(1)} / ${formatMs(Math.max(0, ...before))} / ${formatMs(sum(before) / RUNS)}`,
          `${after.length} / ${after.length ? formatMs(Math.max(...after)) : '—'}`,
          overTarget === 0 ? 'yes' : `no (${overTarget})`,
        ]);
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return [
      `Cold load of \`/map\` (1440 × 900, fresh browser context each run, ${RUNS} runs per theme after one`,
      'warm-up) in Debian Chromium with software WebGL (SwiftShader, `--disable-gpu`): a real GPU is',
      'faster. Times from navigation start to the `zonalyse:map-style-applied` and',
      '`zonalyse:map-first-idle` performance marks (MapView: style of the theme applied; MapLibre’s first',
      '`idle`, i.e. the first view’s style, tiles and labels rendered). Long tasks: PerformanceObserver',
      '`longtask` (> 50 ms) — before the first idle as count per run / longest / total per run, and within',
      `${AFTER_IDLE_WATCH_MS / 1000} s after it as count over all runs / longest. Target: no long task > 50 ms`,
      `after the first idle. Style origin: ${[...origins].join(', ') || 'unknown'} (\`fallback\` = server without basemap).`,
      '',
      markdownTable(
        [
          'theme',
          'style applied p50',
          'first idle p50',
          'first idle max',
          'long tasks before idle (n / max / total)',
          'long tasks after idle (n / max)',
          'target met',
        ],
        rows,
      ),
    ].join('\n');
  },
};
