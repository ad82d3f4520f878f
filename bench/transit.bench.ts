import { loadavg } from 'node:os';
import type { Queryable } from '../server/db/Database';
import { openPglite } from '../server/db/openPglite';
import { HttpError } from '../server/http/HttpError';
import { IsochroneService } from '../server/isochrones/IsochroneService';
import { RoadGraphStore } from '../server/isochrones/RoadGraphStore';
import type { ValidIsochroneRequest } from '../kernel/isochrones/isochroneSchemas';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';

const STARTS = 100;
/** Starts of the one-hour windows (each is 61 departures and 61 street searches). */
const WINDOW_STARTS = 20;
/** A Monday inside the RATP calendar (2019-02-05 → 2019-08-04), 08:00 Paris time. */
const MONDAY_8AM = '2019-03-18T08:00:00+01:00';

/** 100 Paris BAN addresses in a fixed pseudo-random order. */
async function parisAddresses(database: Queryable): Promise<[number, number][]> {
  const { rows } = await database.query<{ x: number; y: number }>(
    `SELECT ST_X(geometry) AS x, ST_Y(geometry) AS y FROM ban_addresses
     WHERE departement_code = '75' ORDER BY md5(id || 'transit') LIMIT ${STARTS}`,
  );
  if (rows.length < STARTS) throw new Error('adresses BAN de Paris absentes de la base du banc');
  return rows.map((row) => [row.x, row.y]);
}

const request = (coordinates: [number, number], windowMinutes: number, reachLimit?: number): ValidIsochroneRequest => ({
  coordinates,
  transportMode: 'public-transport',
  zoneType: 'time',
  travelTime: 30,
  departureTime: MONDAY_8AM,
  departureWindowMinutes: windowMinutes,
  departurePercentile: 50,
  includeReach: reachLimit !== undefined,
  ...(reachLimit !== undefined ? { reachLimit } : {}),
});

/** One-hour windows and previews are timed from the first starts only (each window is 61 street searches). */
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Public-transport isochrones on the RATP métro timetable, server side (`IsochroneService.generate`:
 * département lookup, walking access, range-RAPTOR, walking egress, contour): one departure at 08:00,
 * 30 minutes, from 100 random Paris addresses; a one-hour window at one-minute steps (61 departures,
 * median zone) from 20 of them; memory of the loaded timetable.
 */
export const transitBenchmark: Benchmark = {
  name: 'transit',
  title: 'Public-transport isochrones (RATP métro, range-RAPTOR)',
  async run(context) {
    const database = await openPglite({ dataDirectory: context.pgliteDataDirectory });
    try {
      const service = new IsochroneService(database, new RoadGraphStore(database));
      const points = await parisAddresses(database);
      const heapBefore = process.memoryUsage().heapUsed;
      const loadStartedAt = performance.now();
      // The first request loads the street graph and the timetable (and attaches the stops to the graph).
      await service.generate(request(points[0] as [number, number], 0));
      const firstMs = performance.now() - loadStartedAt;
      const heapAfter = process.memoryUsage().heapUsed;
      const timetableBytes = await service.transit.timetableBytes();
      for (const point of points.slice(1, 6)) await service.generate(request(point, 0));

      const measure = async (starts: [number, number][], windowMinutes: number, reachLimit?: number) => {
        const times: number[] = [];
        const areas: number[] = [];
        let refused = 0;
        for (const point of starts) {
          const startedAt = performance.now();
          try {
            const feature = await service.generate(request(point, windowMinutes, reachLimit));
            times.push(performance.now() - startedAt);
            areas.push(feature.properties.areaKm2);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            refused += 1;
          }
        }
        return { times, areas, refused };
      };
      const loadBefore = loadavg()[0] ?? 0;
      const single = await measure(points, 0);
      const window = await measure(points.slice(0, WINDOW_STARTS), 60);
      const preview = await measure(points.slice(0, WINDOW_STARTS), 0, 60);
      const windowPreview = await measure(points.slice(0, WINDOW_STARTS), 60, 60);
      const loadAfter = loadavg()[0] ?? 0;
      const row = (label: string, result: typeof single, p50Target: string, p95Target: string) => [
        label,
        `${result.times.length}${result.refused ? ` (+${result.refused} refusées)` : ''}`,
        formatMs(quantile(result.times, 0.5)),
        formatMs(quantile(result.times, 0.95)),
        formatMs(Math.max(...result.times)),
        `${quantile(result.areas, 0.5).toFixed(1)} km²`,
        p50Target,
        p95Target,
      ];
      return [
        `Server side: \`IsochroneService.generate\` in process on the embedded (PGlite) bench database (département lookup, ` +
          `walking access on the Paris street graph, range-RAPTOR on the RATP métro timetable, walking egress from the ` +
          `stops reached, grid + marching-squares contour), departure Monday 18 March 2019 08:00, 30 minutes, ` +
          `from ${STARTS} Paris BAN addresses in a fixed pseudo-random order (the window and the previews from the first ${WINDOW_STARTS}). The create-zone form's preview asks ` +
          `for the reached network up to 60 minutes (\`includeReach\`, \`reachLimit: 60\`) so that its slider re-contours ` +
          `in the worker: those rows time that request (the reached network is encoded, not the HTTP transfer). ` +
          `Load average ${loadBefore.toFixed(1)} before the timed requests, ${loadAfter.toFixed(1)} after (2 cores shared).`,
        '',
        markdownTable(
          ['request', 'answered', 'p50', 'p95', 'max', 'median area', 'target p50', 'target p95'],
          [
            row('one departure, 30 min', single, '≤ 150 ms', '≤ 400 ms'),
            row('window 08:00–09:00 every minute (61 departures), median, 30 min', window, '—', '≤ 2 s'),
            row('form preview: one departure, reached network to 60 min (`includeReach`)', preview, '—', '—'),
            row('form preview: window, reached network to 60 min', windowPreview, '—', '—'),
          ],
        ),
        '',
        `Loaded timetable: ${megabytes(timetableBytes)} of typed arrays (stop, trip and transfer ids and names apart); ` +
          `heap growth over the first request (street graph + timetable + stops attached to the graph): ` +
          `${megabytes(heapAfter - heapBefore)}; first request ${formatMs(firstMs)}.`,
      ].join('\n');
    } finally {
      await database.close();
    }
  },
};
