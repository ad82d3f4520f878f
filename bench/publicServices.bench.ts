import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres } from '../server/db/openPostgres';
import type { SearchResponse } from '../kernel/public-services/publicServiceSchemas';
import type { Benchmark } from './support/BenchContext';
import { describeTasks, longestScript, measureMarkerLongTasks } from './support/markerLongTasks';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { launchBenchBrowser, startDemoServer } from './support/browserBench';

const RUNS = 25;
const PORT = Number(process.env.PUBLIC_SERVICES_BENCH_PORT ?? 3206);
const MARKERS = 10_000;
const LONG_TASK_TARGET_MS = 50;

async function timed(runs: number, work: () => Promise<void>): Promise<number[]> {
  await work(); // warm-up
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  return times;
}

async function post(app: FastifyInstance, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 200)
    throw new Error(`${url}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response;
}

/** Zone analysis and served population on PostgreSQL (in-process requests). */
async function apiRows(postgresUrl: string): Promise<(string | number)[][]> {
  const database = await openPostgres({ connectionString: postgresUrl, maxConnections: 4 });
  const app = await buildApp(
    { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
    { logger: false },
  );
  const rows: (string | number)[][] = [];
  const add = (label: string, detail: string, times: number[], target: string) =>
    rows.push([label, detail, formatMs(quantile(times, 0.5)), formatMs(quantile(times, 0.95)), times.length, target]);
  try {
    const geometry = async (sql: string) =>
      JSON.parse((await database.query<{ geometry: string }>(sql)).rows[0]?.geometry as string) as object;
    const eleventh = await geometry(`SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = '75111'`);
    const paris = await geometry(`SELECT ST_AsGeoJSON(geometry) AS geometry FROM departements WHERE code = '75'`);
    for (const [label, zone, target] of [
      ['11e arrondissement', eleventh, 'p95 ≤ 150 ms'],
      ['all Paris', paris, '≤ 300 ms'],
    ] as const) {
      let services = 0;
      const times = await timed(RUNS, async () => {
        services = (await post(app, '/api/public-services/zone-analysis', { geometry: zone })).json<{
          total_services: number;
        }>().total_services;
      });
      add(`zone-analysis, ${label}`, `${services} services listed`, times, target);
    }
    const coldStartedAt = performance.now();
    await post(app, '/api/public-services/served-population', { geometry: eleventh });
    add(
      'served-population, 11e — first call',
      'road graph load + 9 walking searches over Paris',
      [performance.now() - coldStartedAt],
      '—',
    );
    add(
      'served-population, 11e',
      'walking times cached per category',
      await timed(10, async () => {
        await post(app, '/api/public-services/served-population', { geometry: eleventh });
      }),
      '≤ 1 s',
    );
  } finally {
    await app.close();
    await database.close();
  }
  return rows;
}

/**
 * 10,000 services drawn in Chromium: the store receives them (as the saga puts a type's answer), the
 * worker clusters them, the layer draws the view; main-thread long tasks are recorded from the dispatch
 * through zooms 11 → 16 and back.
 */
async function markerRows(context: Parameters<Benchmark['run']>[0]): Promise<(string | number)[][]> {
  const server = await startDemoServer(context, PORT);
  const browser = await launchBenchBrowser();
  try {
    const answer = (await (
      await fetch(`${server.baseUrl}/api/public-services/search?with_coordinates_only=true&limit=${MARKERS}`)
    ).json()) as SearchResponse;
    // Paris holds fewer than 10,000 services: the real ones, then copies shifted by about 30 m.
    const services = Array.from({ length: MARKERS }, (_, index) => {
      const service = answer.services[index % answer.services.length] as SearchResponse['services'][number];
      const shift = Math.floor(index / answer.services.length) * 0.0004;
      return {
        id: `${service.id}-${index}`,
        name: service.nom,
        address: service.numero_voie ?? '',
        category: service.category,
        longitude: (service.longitude as number) + shift,
        latitude: (service.latitude as number) + shift,
      };
    });
    const result = await measureMarkerLongTasks(
      browser,
      server.baseUrl,
      services,
      {
        type: 'publicServices/typeDisplayed',
        payloadTemplate: { type: 'bench', name: 'bench', category: 'administration', departements: [] },
        itemsKey: 'services',
      },
      'publicServiceMarkers',
    );
    const loadScript = longestScript(result.load, false);
    const zoomScript = longestScript(result.zooms, false);
    const overTarget = Math.max(loadScript.duration, zoomScript.duration) > LONG_TASK_TARGET_MS;
    return [
      [
        `${MARKERS.toLocaleString('en')} services`,
        formatMs(result.shownMs),
        result.drawn,
        describeTasks(result.load),
        describeTasks(result.zooms),
        describeTasks(result.baselineZooms),
        `${loadScript.text} / ${zoomScript.text}`,
        `${longestScript(result.load, true).text} / ${longestScript(result.baselineZooms, true).text}`,
        overTarget ? 'no' : 'yes',
      ],
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Public services: zone analysis, served population, and 10,000 clustered markers in Chromium. */
export const publicServicesBenchmark: Benchmark = {
  name: 'public-services',
  title: 'Public services: zone analysis, served population, clustered markers',
  async run(context) {
    const api = await apiRows(context.postgresUrl);
    const markers = await markerRows(context);
    return [
      `PostgreSQL bench database (Paris: 759 schools, BPE 2019 services at demo positions), ${RUNS} runs after one`,
      'warm-up, in-process requests. The served population is computed on the walking network with one',
      'multi-source search per category (kept in memory until the network or the services change).',
      '',
      markdownTable(['request', 'detail', 'p50', 'p95', 'runs', 'target'], api),
      '',
      `Markers in Debian Chromium (software WebGL), PGlite server: ${MARKERS.toLocaleString('en')} services put in the store at`,
      'zoom 11 (real Paris services, repeated with a 30 m shift to reach the count), sent to the worker in chunks',
      'and clustered there (supercluster, max zoom 16, radius 60), then zooms 12 → 17 → 11. Long tasks:',
      'PerformanceObserver `longtask` (count / longest) while the markers load (dispatch → drawn → idle), during',
      'the zooms with the markers, and during the same zooms before any marker (the basemap alone, drawn by',
      'software WebGL on the main thread). The scripts of the long animation frames (`long-animation-frame`) say',
      'who ran: the longest outside MapLibre’s frame callbacks (the store, the worker messages, the source',
      'updates — the markers’ own work) is held to 50 ms; the longest map frame is given beside the one of the',
      'basemap alone.',
      '',
      markdownTable(
        [
          'markers',
          'dispatch → drawn + idle',
          'features drawn at zoom 11',
          'long tasks, load',
          'long tasks, zooms',
          'long tasks, same zooms without markers',
          'longest script outside map frames: load / zooms',
          'longest map frame: load / zooms without markers',
          'script ≤ 50 ms',
        ],
        markers,
      ),
    ].join('\n');
  },
};
