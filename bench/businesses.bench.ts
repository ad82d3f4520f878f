import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/Database';
import { openPglite } from '../server/db/openPglite';
import { openPostgres } from '../server/db/openPostgres';
import { ARROW_TYPE } from '../kernel/businesses/businessSchemas';
import { openNodeDuckDb } from '../tests/support/nodeDuckDb';
import { createBusinessMarkersWorkerApi, type MapBusiness } from '../workers/businesses/businessMarkersWorkerApi';
import { businessFromRow, ZoneBusinessesEngine } from '../workers/businesses/ZoneBusinessesEngine';
import { businessesFromArrow } from '../kernel/businesses/businessesArrow';
import type { Benchmark, BenchContext } from './support/BenchContext';
import { describeTasks, longestScript, measureMarkerLongTasks } from './support/markerLongTasks';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { launchBenchBrowser, startDemoServer } from './support/browserBench';

const RUNS = 20;
const PORT = Number(process.env.BUSINESSES_BENCH_PORT ?? 3207);
const LONG_TASK_TARGET_MS = 50;

async function timed(runs: number, work: () => Promise<void>, before?: () => Promise<void>): Promise<number[]> {
  await before?.();
  await work(); // warm-up
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await before?.();
    const startedAt = performance.now();
    await work();
    times.push(performance.now() - startedAt);
  }
  return times;
}

async function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url, payload, headers });
  if (response.statusCode !== 200)
    throw new Error(`${url}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response;
}

type Row = (string | number)[];

/** Zone statistics (cache cleared before each call) for the 11e and all Paris on one database. */
async function statisticsRows(name: string, database: Database): Promise<{ rows: Row[]; parisArrow: Uint8Array }> {
  const app = await buildApp(
    { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
    { logger: false },
  );
  const rows: Row[] = [];
  try {
    const clear = async () => {
      await post(app, '/api/sirene/cache/clear', {});
    };
    for (const [label, zone, target] of [
      ['11e arrondissement', { commune_code: '75111' }, 'p95 ≤ 100 ms'],
      ['all Paris', { department_code: '75' }, 'p95 ≤ 300 ms'],
    ] as const) {
      let total = 0;
      const times = await timed(
        RUNS,
        async () => {
          total = (await post(app, '/api/v1/business/zone-statistics', zone)).json<{ total_businesses: number }>()
            .total_businesses;
        },
        clear,
      );
      rows.push([
        `zone-statistics, ${label} — ${name}`,
        `${total} establishments, uncached`,
        formatMs(quantile(times, 0.5)),
        formatMs(quantile(times, 0.95)),
        times.length,
        target,
      ]);
    }
    const startedAt = performance.now();
    const arrow = await post(
      app,
      '/api/v1/business/zone-all-businesses',
      { department_code: '75', limit: 250_000, skip_count: true },
      { accept: ARROW_TYPE },
    );
    rows.push([
      `zone-all-businesses as Arrow, all Paris — ${name}`,
      `${arrow.rawPayload.length} bytes`,
      formatMs(performance.now() - startedAt),
      '—',
      1,
      '—',
    ]);
    return { rows, parisArrow: new Uint8Array(arrow.rawPayload) };
  } finally {
    await app.close();
  }
}

/** DuckDB-WASM (Node build, same engine as the browser worker) over all Paris, and supercluster. */
async function clientRows(arrow: Uint8Array): Promise<{ rows: Row[]; businesses: MapBusiness[] }> {
  const rows: Row[] = [];
  const loadStartedAt = performance.now();
  const engine = await ZoneBusinessesEngine.fromArrow(await openNodeDuckDb(), arrow);
  rows.push([
    'DuckDB load of the Arrow table, all Paris',
    `${engine.rowCount} rows`,
    formatMs(performance.now() - loadStartedAt),
    '—',
    1,
    '—',
  ]);
  const firstSearchStartedAt = performance.now();
  await engine.page({ search: 'boulangerie', sort: 'name', descending: false, page: 0, pageSize: 50 });
  rows.push([
    'DuckDB first search of the zone, all Paris',
    'adds the accent-free search column, then answers',
    formatMs(performance.now() - firstSearchStartedAt),
    '—',
    1,
    '—',
  ]);
  let pageNumber = 0;
  const queries = [
    { search: 'boulangerie', sort: 'name' as const, descending: false },
    { nafPrefix: '56', sort: 'headcount' as const, descending: true },
    { search: 'rue', employeeSize: '01', sort: 'naf' as const, descending: false },
  ];
  const times = await timed(RUNS, async () => {
    const query = queries[pageNumber % queries.length] as (typeof queries)[number];
    pageNumber += 1;
    await engine.page({ ...query, page: pageNumber % 3, pageSize: 50 });
  });
  rows.push([
    'DuckDB filter + sort + page of 50 (+ count), all Paris',
    'search / NAF prefix / headcount, three sorts',
    formatMs(quantile(times, 0.5)),
    formatMs(quantile(times, 0.95)),
    times.length,
    '≤ 100 ms',
  ]);
  await engine.close();

  const businesses: MapBusiness[] = businessesFromArrow(arrow)
    .map(businessFromRow)
    .filter((business) => business.latitude !== null && business.longitude !== null)
    .map((business) => ({
      id: business.id,
      name: business.denomination ?? business.enseigne ?? 'Sans nom',
      address: business.address ?? '',
      city: `${business.postal_code ?? ''} ${business.city ?? ''}`,
      dateCreation: business.date_creation,
      employeeRange: business.employee_range,
      nafCode: business.naf_code,
      nafLabel: business.naf_label,
      sectionCode: business.section_code,
      sourceLabel: business.source_label,
      sourceVintage: business.source_vintage,
      demo: business.demo,
      longitude: business.longitude as number,
      latitude: business.latitude as number,
    }));
  const api = createBusinessMarkersWorkerApi();
  const indexTimes = await timed(5, async () => {
    api.setGroup('businesses', '#7c3aed', businesses);
  });
  rows.push([
    'supercluster index (locations + clusters), all Paris',
    `${businesses.length} establishments`,
    formatMs(quantile(indexTimes, 0.5)),
    formatMs(quantile(indexTimes, 0.95)),
    indexTimes.length,
    '≤ 300 ms',
  ]);
  const viewTimes = await timed(RUNS, async () => {
    api.markers([2.22, 48.81, 2.47, 48.91], 12);
  });
  rows.push([
    'markers of a Paris view at zoom 12',
    'clusters and locations',
    formatMs(quantile(viewTimes, 0.5)),
    formatMs(quantile(viewTimes, 0.95)),
    viewTimes.length,
    '—',
  ]);
  return { rows, businesses };
}

/** Every Paris establishment put on the map in Chromium (one layer), with the main-thread long tasks. */
async function markerRows(context: BenchContext, businesses: MapBusiness[]): Promise<Row[]> {
  const server = await startDemoServer(context, PORT);
  const browser = await launchBenchBrowser();
  try {
    const result = await measureMarkerLongTasks(
      browser,
      server.baseUrl,
      businesses,
      { type: 'businesses/mapLayerShown', payloadTemplate: { key: 'bench', label: 'bench' }, itemsKey: 'businesses' },
      'businessMarkers',
    );
    const loadScript = longestScript(result.load, false);
    const zoomScript = longestScript(result.zooms, false);
    const overTarget = Math.max(loadScript.duration, zoomScript.duration) > LONG_TASK_TARGET_MS;
    return [
      [
        `${businesses.length.toLocaleString('en')} establishments`,
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

export const businessesBenchmark: Benchmark = {
  name: 'businesses',
  title: 'Businesses: zone statistics, DuckDB list, markers index',
  async run(context) {
    const rows: Row[] = [];
    const pglite = await openPglite({ dataDirectory: context.pgliteDataDirectory });
    let arrow: Uint8Array;
    try {
      const result = await statisticsRows('PGlite', pglite);
      rows.push(...result.rows);
      arrow = result.parisArrow;
    } finally {
      await pglite.close();
    }
    const postgres = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 4 });
    try {
      rows.push(...(await statisticsRows('PostgreSQL', postgres)).rows);
    } finally {
      await postgres.close();
    }
    const client = await clientRows(arrow);
    rows.push(...client.rows);
    const markers = await markerRows(context, client.businesses);
    return [
      'Zone statistics in-process (`app.inject`, statistics cache cleared before each call) on the demo territory; the',
      'full list engine is DuckDB-WASM’s Node build (the browser worker runs the same engine and SQL); supercluster',
      'as the markers worker runs it.',
      '',
      markdownTable(['measure', 'detail', 'p50', 'p95', 'runs', 'target'], rows),
      '',
      'Markers in Debian Chromium (software WebGL), PGlite server: every Paris establishment with coordinates put',
      'in the store as one map layer (`businesses/mapLayerShown`, as the saga puts a layer), sent to the worker in',
      'chunks of 2,000, grouped per location and clustered there, the map fitted to them; then zooms 12 → 17 → 11.',
      'Long tasks: PerformanceObserver `longtask` (count / longest) while the markers load, during the zooms, and',
      'during the same zooms before any marker (basemap alone, software WebGL). The scripts of the long animation',
      'frames say who ran: the longest outside MapLibre’s frame callbacks (store, worker messages, source updates)',
      'is held to 50 ms; the longest map frame is given beside the one of the basemap alone.',
      '',
      markdownTable(
        [
          'markers',
          'dispatch → drawn + idle',
          'features drawn',
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
