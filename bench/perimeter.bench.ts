import type { Benchmark } from './support/BenchContext';
import { startServer } from './support/serverProcess';
import { formatMs, markdownTable, quantile } from './support/statistics';

const PORT = 3150;
const REPEATS = 30;

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; bytes: number; response: Response }> {
  const startedAt = performance.now();
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  const ms = performance.now() - startedAt;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return { ms, bytes: body.byteLength, response };
}

async function series(url: string, init?: () => RequestInit): Promise<{ p50: number; p95: number; bytes: number }> {
  const timings: number[] = [];
  let bytes = 0;
  for (let index = 0; index < REPEATS; index += 1) {
    const result = await timed(url, init?.());
    timings.push(result.ms);
    bytes = result.bytes;
  }
  return { p50: quantile(timings, 0.5), p95: quantile(timings, 0.95), bytes };
}

const square = (index: number) => {
  const west = 2.3 + (index % 10) * 0.005;
  const south = 48.84 + Math.floor(index / 10) * 0.005;
  return {
    type: 'Feature',
    properties: {},
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [west + 0.004, south],
          [west + 0.004, south + 0.004],
          [west, south + 0.004],
          [west, south],
        ],
      ],
    },
  };
};

/**
 * Perimeter endpoints on the demo territory: the administrative tree's lists and boundaries
 * (sequential requests, 30 each) and the zone store (save 20 zones, list them with geometry) on both
 * databases.
 */
export const perimeterBenchmark: Benchmark = {
  name: 'perimeter',
  title: 'Zones: administrative tree, boundaries, saved zones',
  async run(context) {
    const rows: (string | number)[][] = [];
    const engines: { name: string; environment: Record<string, string> }[] = [
      { name: 'PGlite', environment: { DATA_DIR: context.pgliteDataDirectory, DATABASE_URL: '' } },
      { name: 'PostgreSQL', environment: { DATABASE_URL: context.postgresUrl } },
    ];
    for (const engine of engines) {
      const server = await startServer(
        {
          ...engine.environment,
          OPENDATA_DIR: context.openDataDirectory,
          AUTO_IMPORT: 'false',
          TILE_CACHE_DIR: 'off',
          ANONYMOUS_ZONE_LIMIT: '1000',
        },
        PORT,
      );
      try {
        const base = `${server.baseUrl}/api`;
        const irisList = (await (await fetch(`${base}/admin-zones/iris?commune=75111&limit=1`)).json()) as {
          iris_code: string;
        }[];
        const irisCode = irisList[0]?.iris_code ?? '751114101';
        const requests: [string, string][] = [
          ['régions', '/admin-zones/regions'],
          ['départements of Île-de-France', '/admin-zones/departments?region=11'],
          ['communes of Paris (arrondissements)', '/admin-zones/communes?department=75&limit=1000'],
          ['communes of Hauts-de-Seine', '/admin-zones/communes?department=92&limit=1000'],
          ['IRIS of the 11e', '/admin-zones/iris?commune=75111&limit=1000'],
          ['boundary: région Île-de-France', '/admin-zones/region/11/geometry'],
          ['boundary: département 75', '/admin-zones/department/75/geometry'],
          ['boundary: commune 75111', '/admin-zones/commune/75111/geometry'],
          [`boundary: IRIS ${irisCode}`, `/admin-zones/iris/${irisCode}/geometry`],
        ];
        for (const [label, path] of requests) {
          const result = await series(`${base}${path}`);
          rows.push([engine.name, label, formatMs(result.p50), formatMs(result.p95), (result.bytes / 1024).toFixed(1)]);
        }

        // Zone store: one visitor saves 20 zones (first save sets the cookie), then lists them.
        const saves: number[] = [];
        let cookie = '';
        for (let index = 0; index < 20; index += 1) {
          const body = JSON.stringify({
            id: `bench-${index}`,
            name: `Zone ${index + 1}`,
            coordinates: [2.35, 48.85],
            transportMode: 'walking',
            travelTime: 15,
            zoneType: 'time',
            zoneDistance: 1000,
            geometry: square(index),
            properties: {},
          });
          const result = await timed(`${base}/user-zones`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            body,
          });
          cookie ||= (result.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
          saves.push(result.ms);
        }
        rows.push([
          engine.name,
          'save a zone (POST)',
          formatMs(quantile(saves, 0.5)),
          formatMs(quantile(saves, 0.95)),
          '',
        ]);
        const list = await series(`${base}/user-zones?include_geometry=true`, () => ({ headers: { cookie } }));
        rows.push([
          engine.name,
          'list 20 zones with geometry',
          formatMs(list.p50),
          formatMs(list.p95),
          (list.bytes / 1024).toFixed(1),
        ]);
        await fetch(`${base}/user-zones`, { method: 'DELETE', headers: { cookie } });
      } finally {
        await server.stop();
      }
    }
    return [
      'Sequential requests over loopback (`fetch`, 30 per line) to a server on the demo territory; sizes are',
      'the uncompressed JSON bodies. Boundaries are simplified per level (région 50 m, département 25 m,',
      'commune 5 m, IRIS exact).',
      '',
      markdownTable(['database', 'request', 'p50', 'p95', 'KB'], rows),
    ].join('\n');
  },
};
