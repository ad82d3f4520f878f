import type { Queryable } from '../server/db/Database';
import { openPostgres } from '../server/db/openPostgres';
import { GeocodingService } from '../server/geocoding/GeocodingService';
import { loadRoadGraph } from '../server/isochrones/roadGraphRepository';
import { IsochroneEngine, OffNetworkError } from '../kernel/isochrones/IsochroneEngine';
import { ROAD_MODES, type RoadMode } from '../kernel/isochrones/travelModes';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';

const MINUTES = [5, 15, 30] as const;
const STARTS = 100;
const SPEED_COLUMN: Record<RoadMode, string> = {
  driving: 'driving_speed_kmh',
  walking: 'walking_speed_kmh',
  cycling: 'cycling_speed_kmh',
};

/** `count` Paris BAN addresses (100 by default) in a fixed pseudo-random order (random network nodes without BAN). */
export async function startPoints(
  database: Queryable,
  count = STARTS,
): Promise<{ points: [number, number][]; source: string }> {
  const { rows: ban } = await database.query<{ present: boolean }>(
    `SELECT to_regclass('ban_addresses') IS NOT NULL AS present`,
  );
  if (ban[0]?.present) {
    const { rows } = await database.query<{ x: number; y: number }>(
      `SELECT ST_X(geometry) AS x, ST_Y(geometry) AS y FROM ban_addresses
       WHERE departement_code = '75' ORDER BY md5(id) LIMIT ${count}`,
    );
    if (rows.length === count) return { points: rows.map((row) => [row.x, row.y]), source: 'adresses BAN de Paris' };
  }
  const { rows } = await database.query<{ x: number; y: number }>(
    `SELECT ST_X(geometry) AS x, ST_Y(geometry) AS y FROM road_nodes WHERE network = 'paris-voies'
     ORDER BY md5(id::text) LIMIT ${count}`,
  );
  return { points: rows.map((row) => [row.x, row.y]), source: 'nœuds du réseau parisien' };
}

/** pgRouting on the same edges: snap to the nearest node, pgr_drivingDistance, concave hull of the reached nodes. */
export async function pgRoutingIsochrone(
  database: Queryable,
  point: [number, number],
  mode: RoadMode,
  seconds: number,
) {
  const speed = SPEED_COLUMN[mode];
  const oneway = mode === 'driving' ? 'oneway' : mode === 'cycling' ? 'cycling_oneway' : '0';
  const edges = `SELECT id, source_node AS source, target_node AS target, length_m * 3.6 / ${speed} AS cost,
      CASE WHEN ${oneway} = 1 THEN -1 ELSE length_m * 3.6 / ${speed} END AS reverse_cost
    FROM road_edges WHERE ${speed} IS NOT NULL`;
  const { rows } = await database.query<{ area: number | null }>(
    `WITH start AS (
       SELECT id FROM road_nodes ORDER BY geometry <-> ST_SetSRID(ST_MakePoint($1, $2), 4326) LIMIT 1),
     reached AS (
       SELECT node FROM pgr_drivingDistance($3, (SELECT id FROM start), $4::float8, true))
     SELECT ST_Area(ST_ConcaveHull(ST_Collect(n.geometry), 0.3)::geography) AS area
     FROM reached JOIN road_nodes n ON n.id = reached.node`,
    [point[0], point[1], edges, seconds],
  );
  return rows[0]?.area ?? 0;
}

/** A BAN label as a user might type it: abbreviated street type, no accents, sometimes no postcode. */
function typedQuery(label: string, index: number): string {
  const abbreviated = label
    .replace(/^(\d+) Rue /, '$1 r ')
    .replace(/Boulevard /, 'bd ')
    .replace(/Avenue /, 'av ')
    .replace(/Place /, 'pl ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return index % 2 === 0 ? abbreviated.replace(/ 750\d\d paris$/, '') : abbreviated;
}

/**
 * Isochrone latency of our engine (in process: snap + bounded Dijkstra + contour, the server's work
 * per request) for each mode at 5/15/30 min from 100 Paris addresses, against pgRouting
 * (pgr_drivingDistance + ST_ConcaveHull) on the same road_edges of the PostgreSQL bench database in
 * the same run; geocoding latency on the BAN gazetteer.
 */
export const isochroneBenchmark: Benchmark = {
  name: 'isochrone',
  title: 'Isochrones (own engine vs pgRouting) and geocoding',
  async run(context) {
    const database = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 2 });
    try {
      await database.exec('CREATE EXTENSION IF NOT EXISTS pgrouting');
      const loadStartedAt = performance.now();
      const engine = new IsochroneEngine(await loadRoadGraph(database));
      const loadMs = performance.now() - loadStartedAt;
      const { points, source } = await startPoints(database);
      // Warm-up (JIT) on other requests.
      for (const mode of ROAD_MODES)
        engine.isochrone({ origin: points[0] as [number, number], mode, metric: 'time', limit: 600 });
      const rows: (string | number)[][] = [];
      let worstRatio = Infinity;
      for (const mode of ROAD_MODES) {
        for (const minutes of MINUTES) {
          const ours: number[] = [];
          const theirs: number[] = [];
          let offNetwork = 0;
          for (const point of points) {
            const startedAt = performance.now();
            try {
              engine.isochrone({ origin: point, mode, metric: 'time', limit: minutes * 60 });
            } catch (error) {
              if (!(error instanceof OffNetworkError)) throw error;
              offNetwork += 1;
              continue;
            }
            ours.push(performance.now() - startedAt);
            const pgStartedAt = performance.now();
            await pgRoutingIsochrone(database, point, mode, minutes * 60);
            theirs.push(performance.now() - pgStartedAt);
          }
          const ratio = quantile(theirs, 0.95) / quantile(ours, 0.95);
          if (minutes === 15 && mode !== 'cycling') worstRatio = Math.min(worstRatio, ratio);
          rows.push([
            mode,
            `${minutes} min`,
            ours.length + (offNetwork ? ` (+${offNetwork} hors réseau)` : ''),
            formatMs(quantile(ours, 0.5)),
            formatMs(quantile(ours, 0.95)),
            formatMs(quantile(theirs, 0.5)),
            formatMs(quantile(theirs, 0.95)),
            `${ratio.toFixed(1)}×`,
          ]);
          console.log(rows.at(-1)?.join(' | '));
        }
      }
      const geocoding = new GeocodingService(database);
      const { rows: labels } = await database.query<{ label: string }>(
        `SELECT label FROM ban_addresses ORDER BY md5(id || 'geo') LIMIT 100`,
      );
      await geocoding.search('12 r de rivoli', { limit: 5 });
      const geocodingTimes: number[] = [];
      let found = 0;
      for (const [index, { label }] of labels.entries()) {
        const startedAt = performance.now();
        const result = await geocoding.search(typedQuery(label, index), { limit: 5 });
        geocodingTimes.push(performance.now() - startedAt);
        if (result.features[0]?.place_name === label) found += 1;
      }
      return [
        `Graph: ${engine.graph.nodeCount.toLocaleString('en')} nodes, ${engine.graph.edgeCount.toLocaleString('en')} edges ` +
          `(all imported networks), loaded into typed arrays in ${formatMs(loadMs)} from PostgreSQL. Starts: ${points.length} ${source}. ` +
          'Ours = in-process engine time per request (snap + bounded Dijkstra + grid contour), i.e. the server-side work; ' +
          'pgRouting = one SQL statement per request on the same `road_edges` (nearest node, `pgr_drivingDistance` with the ' +
          'same per-mode costs and one-ways, `ST_ConcaveHull(…, 0.3)` of the reached nodes), PostgreSQL of the bench database. ' +
          'Absolute figures depend on the load of the 2-core machine.',
        '',
        markdownTable(
          ['mode', 'time', 'requests', 'ours p50', 'ours p95', 'pgRouting p50', 'pgRouting p95', 'p95 ratio'],
          rows,
        ),
        '',
        `Worst p95 speed-up at 15 min (driving, walking): ${worstRatio.toFixed(1)}× (target ≥ 5×).`,
        '',
        `Geocoding (\`GeocodingService.search\`, PostgreSQL, 100 BAN labels typed abbreviated and without accents, half without postcode): ` +
          `p50 ${formatMs(quantile(geocodingTimes, 0.5))}, p95 ${formatMs(quantile(geocodingTimes, 0.95))}; ` +
          `first answer is the exact address for ${found}/100.`,
      ].join('\n');
    } finally {
      await database.close();
    }
  },
};
