import { openPostgres } from '../server/db/openPostgres';
import { areaTileset } from '../server/visualizations/areaTileRepository';
import { renderTile } from '../server/tiles/renderTile';
import { tileAt, type TileAddress } from '../server/tiles/TileAddress';
import { TileService } from '../server/tiles/TileService';
import type { Benchmark } from './support/BenchContext';
import { measureLatency } from './support/measureLatency';
import { startServer } from './support/serverProcess';
import { formatMs, markdownTable, quantile } from './support/statistics';

const PORT = 3134;

/** Every tile of a zoom over a lon/lat box, at most `limit` of them. */
export function tilesOver(zoom: number, [west, south, east, north]: readonly number[], limit: number): TileAddress[] {
  const from = tileAt(west as number, north as number, zoom);
  const to = tileAt(east as number, south as number, zoom);
  const tiles: TileAddress[] = [];
  for (let x = from.x; x <= to.x; x += 1) for (let y = from.y; y <= to.y; y += 1) tiles.push({ z: zoom, x, y });
  const step = Math.max(1, Math.floor(tiles.length / limit));
  return tiles.filter((_, index) => index % step === 0).slice(0, limit);
}

const FRANCE = [-5, 42, 8.5, 51] as const;
export const PARIS = [2.25, 48.815, 2.42, 48.9] as const;
const SAMPLES: Record<number, TileAddress[]> = {
  6: tilesOver(6, FRANCE, 12),
  10: tilesOver(10, [2.0, 48.6, 2.7, 49.1], 12),
  14: tilesOver(14, PARIS, 40),
};

async function timeFetch(url: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200 && response.status !== 204) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - startedAt;
}

const tileUrl = (base: string, path: string, tile: TileAddress) => `${base}${path}/${tile.z}/${tile.x}/${tile.y}.mvt`;

/**
 * Tile latency cold (first request, memory cache empty, disk cache off) and cached (same tile
 * again) at zooms 6, 10 and 14, for the IRIS and basemap tilesets on both databases; tiles/s under
 * load (autocannon); and our Node encoder against PostGIS ST_AsMVT on the same PostgreSQL data.
 */
export const tilesBenchmark: Benchmark = {
  name: 'tiles',
  title: 'Vector tiles (IRIS and basemap)',
  async run(context) {
    const rows: (string | number)[][] = [];
    const loadRows: (string | number)[][] = [];
    const engines: { name: string; environment: Record<string, string> }[] = [
      { name: 'PGlite (Node encoder)', environment: { DATA_DIR: context.pgliteDataDirectory, DATABASE_URL: '' } },
      { name: 'PostgreSQL 15 (ST_AsMVT)', environment: { DATABASE_URL: context.postgresUrl } },
    ];
    for (const engine of engines) {
      const server = await startServer(
        { ...engine.environment, OPENDATA_DIR: context.openDataDirectory, AUTO_IMPORT: 'false', TILE_CACHE_DIR: 'off' },
        PORT,
      );
      try {
        // Bring map areas up to date before timing (a rebuild would otherwise land in the first tile).
        await fetch(`${server.baseUrl}/api/basemap/style.json`);
        for (const [label, path] of [
          ['IRIS', '/api/iris/static-tiles'],
          ['basemap', '/api/basemap'],
        ] as const) {
          for (const [zoom, tiles] of Object.entries(SAMPLES)) {
            const cold: number[] = [];
            const cached: number[] = [];
            for (const tile of tiles) cold.push(await timeFetch(tileUrl(server.baseUrl, path, tile)));
            for (const tile of tiles) cached.push(await timeFetch(tileUrl(server.baseUrl, path, tile)));
            rows.push([
              engine.name,
              label,
              `z${zoom}`,
              tiles.length,
              formatMs(quantile(cold, 0.5)),
              formatMs(quantile(cold, 0.95)),
              formatMs(quantile(cached, 0.5)),
              formatMs(quantile(cached, 0.95)),
            ]);
          }
        }
        const hot = SAMPLES[14]?.[Math.floor((SAMPLES[14]?.length ?? 1) / 2)] ?? { z: 14, x: 8299, y: 5636 };
        const load = await measureLatency(tileUrl(server.baseUrl, '/api/iris/static-tiles', hot), {
          connections: 8,
          durationSeconds: 5,
        });
        loadRows.push([
          engine.name,
          Math.round(load.requestsPerSecond),
          formatMs(load.p50),
          formatMs(load.p95),
          load.errors,
        ]);
      } finally {
        await server.stop();
      }
    }

    // Same data, same tiles: Node encoder against ST_AsMVT, in process on PostgreSQL.
    const database = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 2 });
    const ratioRows: (string | number)[][] = [];
    try {
      await new TileService(database).generation();
      for (const [zoom, tiles] of Object.entries(SAMPLES)) {
        const timings = { node: [] as number[], postgis: [] as number[] };
        for (const tile of tiles) {
          for (const encoder of ['postgis', 'node'] as const) {
            const startedAt = performance.now();
            await renderTile(database, areaTileset('iris').layers(tile.z), tile, encoder);
            timings[encoder].push(performance.now() - startedAt);
          }
        }
        const node = quantile(timings.node, 0.5);
        const postgis = quantile(timings.postgis, 0.5);
        ratioRows.push([`z${zoom}`, formatMs(postgis), formatMs(node), (node / postgis).toFixed(2)]);
      }
    } finally {
      await database.close();
    }

    return [
      'Tiles of the demo territory (Paris IRIS, national boundaries), server started with `TILE_CACHE_DIR=off`.',
      'Cold = first request of each tile (rendered, gzip-compressed, put in the memory LRU); cached = the same',
      'tile again (memory LRU). Sequential requests over loopback with `fetch`; z6 tiles cover France, z10',
      'Île-de-France, z14 Paris. Target: IRIS tile z10–z14 cold p95 ≤ 30 ms, cached ≤ 2 ms.',
      '',
      markdownTable(['database', 'tileset', 'zoom', 'tiles', 'cold p50', 'cold p95', 'cached p50', 'cached p95'], rows),
      '',
      'Under load: autocannon, 8 connections, 5 s, one cached IRIS tile at z14 (p95 is autocannon’s p97.5).',
      '',
      markdownTable(['database', 'tiles/s', 'p50', 'p95', 'errors'], loadRows),
      '',
      'Encoder comparison on the same PostgreSQL data and tiles (IRIS tileset, median render time in process):',
      '',
      markdownTable(['zoom', 'ST_AsMVT', 'Node encoder', 'Node / ST_AsMVT'], ratioRows),
    ].join('\n');
  },
};
