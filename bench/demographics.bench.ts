import { buildClientIfNeeded } from '../scripts/clientBuild';
import { aggregateDemographics } from '../kernel/demographics/aggregateDemographics';
import { demographicsFromArrow } from '../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE, type DemographicsAnswer } from '../kernel/demographics/demographicsRecord';
import type { Benchmark } from './support/BenchContext';
import {
  BENCH_ZONE,
  LONG_TASK_TARGET_MS,
  measurePanelLoad,
  type Compositing,
  type PanelWindow,
} from './demographicsPanelLoad';
import { startServer } from './support/serverProcess';
import { formatMs, markdownTable, quantile } from './support/statistics';

const PORT = Number(process.env.DEMOGRAPHICS_BENCH_PORT ?? 3162);
const RUNS = 20;

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

/** What the Chromium trace of the panel's load showed, and what was changed (kept with the figures). */
const PANEL_TRACE_NOTES = [
  "Trace (Chromium `Tracing`, 2026-11-25, load ≈ 14): in `software` compositing the overview window's long tasks",
  'are all compositor commits of map frames (600–1,100 ms each: SwiftShader renders the 1440×900 map and the frame',
  'is read back on the main thread), with 6–25 ms of JavaScript per frame; the frames are the view padding glide',
  'as the panel opens and the tiles it brings. Decoding and aggregation are in the worker (no main-thread task);',
  "the figures' React render and layout: one 60 ms task at load 14. In `gpu` compositing the map frames no",
  "longer block the main thread. The charts: the first chart's creation and first draw were one task (623 ms",
  'under load); each chart is now created in one queued task and its option read in another, drawn by ECharts',
  'in its next frame (`lazyUpdate`). Before (2026-11-25, load ≈ 18, zone dispatched into the store, software compositing): overview',
  '15 long tasks / 1,270 ms, Population 13 / 396 ms, Ménages 1 / 58 ms, Logement 2 / 53 ms.',
].join('\n');

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

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
    const panelWindows: { compositing: Compositing; windows: PanelWindow[] }[] = [];
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
          for (const compositing of ['software', 'gpu'] as const) {
            panelWindows.push({ compositing, windows: await measurePanelLoad(server.baseUrl, 3, compositing) });
          }
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
      'Panel load in Chromium (PGlite server, 3 runs after a warm-up), as a user opens it: the zone created in the',
      `perimeter panel (isochrone « ${BENCH_ZONE.address} », Voiture, ${BENCH_ZONE.minutes} min: several hundred IRIS),`,
      'the map idle, then the click on « Démographie » (in the rail) to the overview figures, then the Population,',
      `Ménages and Logement tabs to their charts drawn; main-thread long tasks (> ${LONG_TASK_TARGET_MS} ms) collected by`,
      'a PerformanceObserver in each window, up to 500 ms after the last frame. Two compositing modes: `software`',
      '(`--disable-gpu`, as the journeys run: every map frame is rendered by SwiftShader and read back to the main',
      'thread at commit) and `gpu` (GPU compositing on SwiftShader, 2D canvases on the CPU, as a browser with a GPU',
      'composites).',
      '',
      markdownTable(
        ['compositing', 'step', 'duration p50', 'long tasks (n / longest)', `no long task > ${LONG_TASK_TARGET_MS} ms`],
        panelWindows.flatMap(({ compositing, windows }) =>
          windows.map((window) => {
            const over = window.longTasks.filter((duration) => duration > LONG_TASK_TARGET_MS).length;
            return [
              compositing,
              window.step,
              formatMs(quantile(window.durationsMs, 0.5)),
              `${window.longTasks.length} / ${window.longTasks.length ? formatMs(Math.max(...window.longTasks)) : '—'}`,
              over === 0 ? 'yes' : `no (${over})`,
            ];
          }),
        ),
      ),
      '',
      PANEL_TRACE_NOTES,
    ].join('\n');
  },
};
