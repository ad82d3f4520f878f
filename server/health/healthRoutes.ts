import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion } from './healthRepository';
import { z } from 'zod';
import { documented } from '../openapi/documented';

/**
 * How long `/api/health` waits for the database before answering from its last reading: an idle database
 * answers in a few milliseconds, and the rest of the second it promises is left to a loaded machine. A
 * database that says it is busy (every connection taken) is not waited for at all.
 */
export const HEALTH_DATABASE_WAIT_MS = 250;
/** With no reading yet to fall back on, the first check waits longer, still within its second. */
export const HEALTH_FIRST_READING_WAIT_MS = 750;
/** A reading younger than this is answered as it is, without asking the database again. */
export const HEALTH_READING_FRESH_MS = 1000;

type HealthReading = [string, Awaited<ReturnType<typeof listDatasets>>];

/**
 * `GET /api/health` (the establishments' own health, `GET /api/sirene/health`, is in `businesses/`). It answers within a second even while the
 * database is busy with a long statement: past {@link HEALTH_DATABASE_WAIT_MS} it gives its last reading
 * with `database_busy: true`. Frequent checks within {@link HEALTH_READING_FRESH_MS} of a reading get that
 * reading at once, so polling neither queues behind a busy database nor adds to its work.
 */
export const healthRoutes: RouteModule = (app, { database }) => {
  const getHealthDocumentation = documented({
    tag: 'health',
    summary: 'État du serveur : moteur de base, version de PostGIS, jeux de données importés',
    response: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgresql']),
      database_busy: z.literal(true).optional(),
      postgis: z.string(),
      datasets: z.array(
        z.object({
          source: z.string(),
          territory: z.string(),
          vintage: z.string(),
          label: z.string(),
          rows: z.number(),
          demo: z.boolean(),
          loaded_at: z.string(),
        }),
      ),
    }),
  });
  let lastReading: HealthReading | undefined;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<HealthReading> | undefined;
  const read = () => {
    reading ??= Promise.all([postgisVersion(database), listDatasets(database)])
      .then((fresh) => {
        lastReadAt = performance.now();
        return (lastReading = fresh);
      })
      .finally(() => (reading = undefined));
    return reading;
  };
  app.get('/health', getHealthDocumentation, async () => {
    const fresh = lastReading && performance.now() - lastReadAt < HEALTH_READING_FRESH_MS ? lastReading : undefined;
    // Busy: a new reading would queue behind the running statements; it is started, the last one answered.
    const queued = !fresh && lastReading !== undefined && database.busy?.() === true;
    const current = fresh ? Promise.resolve(fresh) : read();
    current.catch(() => undefined); // a failure is reported through the race below, or by the next call
    const waited = queued
      ? undefined
      : await Promise.race([
          current,
          new Promise<undefined>((resolve) =>
            globalThis.setTimeout(resolve, lastReading ? HEALTH_DATABASE_WAIT_MS : HEALTH_FIRST_READING_WAIT_MS),
          ),
        ]);
    const busy = waited === undefined;
    const [postgis, datasets] = waited ?? lastReading ?? ['inconnue', []];
    return {
      status: 'ok',
      database: database.kind,
      ...(busy ? { database_busy: true } : {}),
      postgis,
      datasets: datasets.map((dataset) => ({
        source: dataset.source,
        territory: dataset.territory,
        vintage: dataset.vintage,
        label: dataset.label,
        rows: dataset.rowCount,
        demo: dataset.demo,
        loaded_at: dataset.loadedAt,
      })),
    };
  });
};
