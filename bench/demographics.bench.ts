import { buildClientIfNeeded } from '../scripts/clientBuild';
import { aggregateDemographics } from '../kernel/demographics/aggregateDemographics';
import { demographicsFromArrow } from '../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE, type DemographicsAnswer } from '../kernel/demographics/demographicsRecord';
import type { Benchmark } from './support/BenchContext';
import { LONG_TASK_TARGET_MS, measurePanelLoad, type PanelWindow } from './demographicsPanelLoad';
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
    let panelWindows: PanelWindow[] = [];
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
        if (engine.name === 'PGlite') panelWindows = await measurePanelLoad(server.baseUrl);
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
      'Panel load in Chromium (PGlite server, 3 runs after a warm-up), as a user opens it: a zone of 300+ IRIS',
      'already drawn, then the click on « Démographie » to the overview figures, then the Population, Ménages and',
      `Logement tabs to their charts drawn; main-thread long tasks (> ${LONG_TASK_TARGET_MS} ms) collected by a`,
      'PerformanceObserver in each window, up to 500 ms after the last frame.',
      '',
      markdownTable(
        ['step', 'duration p50', 'long tasks (n / longest)', `no long task > ${LONG_TASK_TARGET_MS} ms`],
        panelWindows.map((window) => {
          const over = window.longTasks.filter((duration) => duration > LONG_TASK_TARGET_MS).length;
          return [
            window.step,
            formatMs(quantile(window.durationsMs, 0.5)),
            `${window.longTasks.length} / ${window.longTasks.length ? formatMs(Math.max(...window.longTasks)) : '—'}`,
            over === 0 ? 'yes' : `no (${over})`,
          ];
        }),
      ),
      '',
      'Before (2026-11-22, same zone, from the zone dispatched to 500 ms after its figures): 6 long tasks, the',
      'longest 270 ms. Since then each chart is created in its own task, one per frame (`chartTaskQueue`), and',
      'ECharts truncates no labels.',
    ].join('\n');
  },
};
