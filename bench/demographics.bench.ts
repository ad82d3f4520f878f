import { chromium } from '@playwright/test';
import { buildClientIfNeeded } from '../scripts/clientBuild';
import { aggregateDemographics } from '../kernel/demographics/aggregateDemographics';
import { demographicsFromArrow } from '../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE, type DemographicsAnswer } from '../kernel/demographics/demographicsRecord';
import type { Benchmark } from './support/BenchContext';
import { startServer } from './support/serverProcess';
import { formatMs, markdownTable, quantile } from './support/statistics';

const PORT = Number(process.env.DEMOGRAPHICS_BENCH_PORT ?? 3162);
const RUNS = 20;
const LONG_TASK_TARGET_MS = 50;

const box = ([west, south, east, north]: readonly [number, number, number, number]) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

/** Zones of about 10, 100 and 300+ IRIS in Paris (rectangles cutting IRIS, as isochrones do). */
const ZONES = [
  { label: '≈ 10 IRIS (0.3 km²)', body: { geometry: box([2.372, 48.859, 2.38, 48.864]) } },
  { label: '≈ 100 IRIS (7 km²)', body: { geometry: box([2.345, 48.85, 2.385, 48.872]) } },
  { label: '300+ IRIS (41 km²)', body: { geometry: box([2.3, 48.84, 2.4, 48.89]) } },
  {
    label: '11e arrondissement (by code)',
    body: { geometry: box([2.364, 48.851, 2.398, 48.871]), administrative: { level: 'commune', code: '75111' } },
  },
];

async function post(url: string, body: unknown, arrow: boolean): Promise<{ ms: number; bytes: ArrayBuffer }> {
  const startedAt = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: arrow ? ARROW_STREAM_TYPE : 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { ms: performance.now() - startedAt, bytes };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Long tasks on the main thread while the panel loads the 300+ IRIS zone (worker aggregation). */
async function panelLoad(baseUrl: string): Promise<{ loadMs: number[]; workerMs: number[]; longTasks: number[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  const result = { loadMs: [] as number[], workerMs: [] as number[], longTasks: [] as number[] };
  try {
    for (let run = 0; run < 4; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/map`);
      await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
        timeout: 120_000,
      });
      const measured = await page.evaluate(async (geometry) => {
        const store = (
          window as unknown as {
            __zonalyseStore: {
              dispatch(action: unknown): void;
              getState(): {
                demographics: {
                  byZone: Record<
                    string,
                    { status: string; data?: { analysis_metadata: { aggregation_time_ms: number } } }
                  >;
                };
              };
            };
          }
        ).__zonalyseStore;
        const tasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        store.dispatch({ type: 'layout/panelOpened', payload: 'demographics' });
        // The panel's chunk (React + ECharts) loads and compiles first: not part of the figures' load.
        while (!document.body.textContent.includes('Sélectionnez une zone')) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        tasks.length = 0;
        const startedAt = performance.now();
        store.dispatch({
          type: 'zones/zoneAdded',
          payload: {
            id: 'bench',
            name: 'Bench',
            address: '',
            coordinates: [2.35, 48.865],
            transportMode: 'driving',
            travelTime: 15,
            zoneType: 'time',
            zoneDistance: 0,
            geometry: { type: 'Feature', geometry, properties: {} },
            color: '#FF9800',
            properties: {},
          },
        });
        store.dispatch({ type: 'layout/zoneSelected', payload: 'bench' });
        for (;;) {
          const entry = store.getState().demographics.byZone.bench;
          if (entry?.status === 'loaded' || entry?.status === 'error') break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        const loadMs = performance.now() - startedAt;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 500)));
        observer.disconnect();
        const entry = store.getState().demographics.byZone.bench;
        return { loadMs, workerMs: entry?.data?.analysis_metadata.aggregation_time_ms ?? Number.NaN, tasks };
      }, ZONES[2]?.body.geometry);
      await context.close();
      if (run === 0) continue; // warm-up (client bundle, server caches)
      result.loadMs.push(measured.loadMs);
      result.workerMs.push(measured.workerMs);
      result.longTasks.push(...measured.tasks);
    }
  } finally {
    await browser.close();
  }
  return result;
}

/**
 * POST /api/v1/userzone-demographics/analyze for zones of about 10, 100 and 300+ IRIS on both
 * databases (JSON and Arrow), the aggregation of the core function in Node, and the panel's load in
 * Chromium (aggregation in the Comlink worker, main-thread long tasks).
 */
export const demographicsBenchmark: Benchmark = {
  name: 'demographics',
  title: 'Demographics analyze and aggregation',
  async run(context) {
    buildClientIfNeeded(); // before any server starts: it serves the client it finds at startup
    const rows: (string | number)[][] = [];
    const aggregationRows: (string | number)[][] = [];
    let panelRow: (string | number)[] | undefined;
    const engines: { name: string; environment: Record<string, string> }[] = [
      { name: 'PGlite', environment: { DATA_DIR: context.pgliteDataDirectory, DATABASE_URL: '' } },
      { name: 'PostgreSQL', environment: { DATABASE_URL: context.postgresUrl } },
    ];
    for (const engine of engines) {
      const server = await startServer(
        { ...engine.environment, OPENDATA_DIR: context.openDataDirectory, AUTO_IMPORT: 'false' },
        PORT,
      );
      try {
        const url = `${server.baseUrl}/api/v1/userzone-demographics/analyze`;
        for (const zone of ZONES) {
          for (const arrow of [false, true]) {
            await post(url, zone.body, arrow);
            const timings: number[] = [];
            let last: ArrayBuffer = new ArrayBuffer(0);
            for (let run = 0; run < RUNS; run += 1) {
              const { ms, bytes } = await post(url, zone.body, arrow);
              timings.push(ms);
              last = bytes;
            }
            const answer: DemographicsAnswer = arrow
              ? demographicsFromArrow(last)
              : (JSON.parse(new TextDecoder().decode(last)) as DemographicsAnswer);
            rows.push([
              engine.name,
              zone.label,
              answer.iris_zones.length,
              arrow ? 'Arrow' : 'JSON',
              kilobytes(last.byteLength),
              formatMs(quantile(timings, 0.5)),
              formatMs(quantile(timings, 0.95)),
            ]);
            if (engine.name === 'PGlite' && arrow) {
              const decode: number[] = [];
              const aggregate: number[] = [];
              for (let run = 0; run < 50; run += 1) {
                const startedAt = performance.now();
                const decoded = demographicsFromArrow(last);
                const decodedAt = performance.now();
                aggregateDemographics(decoded);
                decode.push(decodedAt - startedAt);
                aggregate.push(performance.now() - decodedAt);
              }
              aggregationRows.push([
                zone.label,
                answer.iris_zones.length,
                formatMs(quantile(decode, 0.5)),
                formatMs(quantile(aggregate, 0.5)),
                formatMs(quantile(aggregate, 0.95)),
              ]);
            }
          }
        }
        if (engine.name === 'PGlite') {
          const panel = await panelLoad(server.baseUrl);
          const over = panel.longTasks.filter((duration) => duration > LONG_TASK_TARGET_MS).length;
          panelRow = [
            ZONES[2]?.label ?? '',
            formatMs(quantile(panel.loadMs, 0.5)),
            formatMs(quantile(panel.workerMs, 0.5)),
            `${panel.longTasks.length} / ${panel.longTasks.length ? formatMs(Math.max(...panel.longTasks)) : '—'}`,
            over === 0 ? 'yes' : `no (${over})`,
          ];
        }
      } finally {
        await server.stop();
      }
    }
    return [
      `POST /api/v1/userzone-demographics/analyze, ${RUNS} sequential requests per zone after one warm-up,`,
      'over loopback with `fetch` (server on the demo territory, Paris IRIS). Rectangles cut IRIS like an',
      'isochrone; the 11e arrondissement is taken by its commune code. IRIS = IRIS kept (coverage ≥ 5 %).',
      '',
      markdownTable(['database', 'zone', 'IRIS', 'format', 'size', 'p50', 'p95'], rows),
      '',
      'Aggregation in Node (the core function the worker runs): Arrow decode, then `aggregateDemographics`, 50 runs.',
      '',
      markdownTable(['zone', 'IRIS', 'decode p50', 'aggregate p50', 'aggregate p95'], aggregationRows),
      '',
      'Panel load in Chromium (PGlite server, 3 runs after a warm-up): from the zone dispatched to the figures in',
      'the store (request + Arrow + worker), the aggregation time measured inside the worker, and main-thread',
      `long tasks (> ${LONG_TASK_TARGET_MS} ms) from the dispatch to 500 ms after the figures arrived (count / longest).`,
      '',
      markdownTable(
        ['zone', 'load p50', 'worker aggregation p50', 'long tasks (n / max)', 'no long task > 50 ms'],
        panelRow ? [panelRow] : [],
      ),
    ].join('\n');
  },
};
