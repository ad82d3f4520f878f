import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as DuckDbBlocking from '@duckdb/duckdb-wasm/blocking';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres } from '../server/db/openPostgres';
import type { GroupFilters, GroupSort } from '../src/features/real-estate/filterGroups';
import { zoneTransactionsQuery } from '../workers/real-estate/zoneTransactionsQuery';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';

const RUNS = 25;
const ARROW = 'application/vnd.apache.arrow.stream';

/** A 10-minute walk stand-in around République (the e2e journey's isochrone). */
function isochrone(): object {
  const ring: [number, number][] = [];
  for (let index = 0; index <= 16; index += 1) {
    const angle = (index / 16) * 2 * Math.PI;
    ring.push([2.3699 + (0.7 / 73.2) * Math.cos(angle), 48.8675 + (0.7 / 111.2) * Math.sin(angle)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

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

async function inject(app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object, accept?: string) {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: accept ? { accept } : {},
  });
  if (response.statusCode !== 200)
    throw new Error(`${url}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response;
}

/** The Node build of DuckDB-WASM (same engine and SQL as the browser worker). */
async function openDuckDb() {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs') as typeof DuckDbBlocking;
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const database = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await database.instantiate();
  return database.connect();
}

/**
 * Real-estate API on the PostgreSQL bench database (in-process `inject`, so handler + SQL, no
 * socket): zone statistics (with a 10,000-lot sample) for a small zone and all of Paris, clusters at
 * zooms 11–16, the full zone list as Arrow, and DuckDB-WASM filter + sort over the zone's lots.
 */
export const realEstateBenchmark: Benchmark = {
  name: 'realEstate',
  title: 'Real estate (DVF): zone statistics, clusters, DuckDB-WASM',
  async run(context) {
    const database = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 4 });
    const app = await buildApp(
      { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
      { logger: false },
    );
    const rows: (string | number)[][] = [];
    const add = (label: string, detail: string, times: number[]) =>
      rows.push([label, detail, formatMs(quantile(times, 0.5)), formatMs(quantile(times, 0.95)), times.length]);
    try {
      const { rows: counts } = await database.query<{ mutations: number }>(
        'SELECT count(*)::int AS mutations FROM dvf_mutations',
      );
      const zones: [string, object][] = [
        ['zone-statistics, one IRIS (751114104)', { iris_codes: ['751114104'] }],
        ['zone-statistics, isochrone 10 min à pied', { geometry: isochrone() }],
        ['zone-statistics, 11e arrondissement', { commune_code: '75111' }],
        [`zone-statistics, all Paris (${counts[0]?.mutations ?? '?'} mutations)`, { department_code: '75' }],
      ];
      for (const [label, zone] of zones) {
        add(
          label,
          'temporal + snapshot + 10,000-lot sample (JSON)',
          await timed(RUNS, async () => {
            await inject(app, 'POST', '/api/v1/real-estate/zone-statistics', zone);
          }),
        );
      }
      add(
        'zone-statistics, all Paris',
        'no sample',
        await timed(RUNS, async () => {
          await inject(app, 'POST', '/api/v1/real-estate/zone-statistics', { department_code: '75', sample_size: 0 });
        }),
      );
      for (let zoom = 11; zoom <= 16; zoom += 1) {
        const span = 0.2 / 2 ** (zoom - 11);
        const box = `north=${48.8566 + span / 2}&south=${48.8566 - span / 2}&east=${2.3522 + span}&west=${2.3522 - span}`;
        add(
          `map/clusters zoom ${zoom}`,
          `box ${(span * 2).toFixed(3)}° wide`,
          await timed(RUNS, async () => {
            await inject(app, 'GET', `/api/v1/real-estate/map/clusters?${box}&zoom=${zoom}`);
          }),
        );
      }
      add(
        'search, Appartement 2–3 pièces < 500 k€, page 1',
        'whole base',
        await timed(RUNS, async () => {
          await inject(app, 'POST', '/api/v1/real-estate/search', {
            filters: { type_local: ['Appartement'], rooms_min: 2, rooms_max: 3, price_max: 500000 },
          });
        }),
      );

      const duckRows: (string | number)[][] = [];
      for (const [label, zone] of [
        ['11e arrondissement', { commune_code: '75111' }],
        ['all Paris', { department_code: '75' }],
      ] as const) {
        let arrow = new Uint8Array();
        const fetchTimes = await timed(5, async () => {
          arrow = new Uint8Array(
            (await inject(app, 'POST', '/api/v1/real-estate/zone-transactions', zone, ARROW)).rawPayload,
          );
        });
        add(`zone-transactions (Arrow), ${label}`, `${(arrow.byteLength / 1e6).toFixed(1)} MB`, fetchTimes);
        const connection = await openDuckDb();
        const loadStartedAt = performance.now();
        connection.insertArrowFromIPCStream(arrow, { name: 'lots', create: true });
        const loadMs = performance.now() - loadStartedAt;
        const lots = Number(connection.query('SELECT count(*)::INTEGER AS n FROM lots').toArray()[0]?.toJSON().n);
        const cases: [string, GroupFilters, GroupSort][] = [
          ['no filter, date desc', {}, 'date-desc'],
          [
            'Appartement 2–3 pièces ≤ 500 k€, price asc',
            { types: ['Appartement'], roomsMin: 2, roomsMax: 3, priceMax: 500000 },
            'price-asc',
          ],
          ['surface 30–80 m², price per m² desc', { surfaceMin: 30, surfaceMax: 80 }, 'price-per-m2-desc'],
        ];
        for (const [name, filters, sort] of cases) {
          let returned = 0;
          const times = await timed(RUNS, async () => {
            returned = connection.query(zoneTransactionsQuery(filters, sort)).numRows;
          });
          duckRows.push([
            label,
            lots,
            name,
            returned,
            formatMs(loadMs),
            formatMs(quantile(times, 0.5)),
            formatMs(quantile(times, 0.95)),
          ]);
          const pageTimes = await timed(RUNS, async () => {
            returned = connection.query(zoneTransactionsQuery(filters, sort, { limit: 50, offset: 0 })).numRows;
          });
          duckRows.push([
            label,
            lots,
            `${name} — first page of 50 mutations`,
            returned,
            formatMs(loadMs),
            formatMs(quantile(pageTimes, 0.5)),
            formatMs(quantile(pageTimes, 0.95)),
          ]);
        }
        connection.close();
      }
      return [
        `PostgreSQL bench database (Paris DVF 2024–2025), ${RUNS} runs after one warm-up, in-process requests.`,
        '',
        markdownTable(['request', 'detail', 'p50', 'p95', 'runs'], rows),
        '',
        'DuckDB-WASM (Node blocking build — the same engine and SQL as the browser worker `workers/real-estate/`), Arrow from `zone-transactions` loaded once, then filter + sort returning the lots of matching mutations:',
        '',
        markdownTable(['zone', 'lots', 'query', 'lots returned', 'Arrow load', 'p50', 'p95'], duckRows),
      ].join('\n');
    } finally {
      await app.close();
      await database.close();
    }
  },
};
