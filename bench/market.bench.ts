import type { FastifyInstance } from 'fastify';
import type { Analysis, Competition, Potential } from '../kernel/market/marketSchemas';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres } from '../server/db/openPostgres';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';

const RUNS = 20;
/** Sites spread over Paris (11e, 15e, 18e, 5e), each request cycling through them. */
const SITES: [number, number][] = [
  [2.3797, 48.8574],
  [2.2937, 48.8414],
  [2.3488, 48.8897],
  [2.347, 48.8462],
];

async function post<T>(app: FastifyInstance, url: string, payload: object): Promise<T> {
  const response = await app.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 200)
    throw new Error(`${url}: HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
  return response.json<T>();
}

async function timed(work: (site: [number, number]) => Promise<void>): Promise<number[]> {
  for (const site of SITES) await work(site); // warm-up: road graph and IRIS figures in memory
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const startedAt = performance.now();
    await work(SITES[run % SITES.length] as [number, number]);
    times.push(performance.now() - startedAt);
  }
  return times;
}

/** Market endpoints on PostgreSQL (in-process requests): Huff, potential and competition. */
export const marketBenchmark: Benchmark = {
  name: 'market',
  title: 'Market study (potential, competition, Huff model)',
  async run(context) {
    const database = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 4 });
    const app = await buildApp(
      { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
      { logger: false },
    );
    const rows: (string | number)[][] = [];
    const add = (label: string, detail: string, times: number[], target: string) =>
      rows.push([label, detail, formatMs(quantile(times, 0.5)), formatMs(quantile(times, 0.95)), times.length, target]);
    try {
      let detail = '';
      const huff = await timed(async (coordinates) => {
        const answer = await post<Analysis>(app, '/api/market/analysis', {
          coordinates,
          sector: 'bakeries',
          mode: 'walking',
          minutes: 15,
        });
        detail = `${answer.area.iris_count} IRIS, ${answer.competitors.length} bakeries sharing them (last site)`;
      });
      add('analysis (Huff), bakeries, walking 15 min', detail, huff, 'p95 ≤ 1 s');
      const potential = await timed(async (coordinates) => {
        const answer = await post<Potential>(app, '/api/market/potential', { coordinates, mode: 'walking' });
        detail = `bands 5/10/15 min, ${answer.bands.at(-1)?.iris_count ?? 0} IRIS at 15 min (last site)`;
      });
      add('potential, walking 5/10/15 min', detail, potential, 'p95 ≤ 300 ms');
      const competition = await timed(async (coordinates) => {
        const answer = await post<Competition>(app, '/api/market/competition', {
          coordinates,
          categories: ['bakeries'],
          mode: 'walking',
          minutes: 10,
        });
        detail = `${answer.total_count} bakeries within 10 min (last site)`;
      });
      add('competition, bakeries, walking 10 min', detail, competition, 'p95 ≤ 300 ms');
      const radius = await timed(async (coordinates) => {
        const answer = await post<Competition>(app, '/api/market/competition', { coordinates });
        detail = `${answer.total_count} establishments of the ten families within 2 km (last site)`;
      });
      add('competition, ten families, radius 2 km', detail, radius, 'p95 ≤ 300 ms');
    } finally {
      await app.close();
      await database.close();
    }
    return markdownTable(['request', 'what', 'p50', 'p95', 'runs', 'target'], rows);
  },
};
