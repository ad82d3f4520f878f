import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion, sireneDatasets } from './healthRepository';

/** How long `/api/health` waits for the database before answering from its last reading. */
export const HEALTH_DATABASE_WAIT_MS = 500;

type HealthReading = [string, Awaited<ReturnType<typeof listDatasets>>];

/**
 * `GET /api/health` and `GET /api/sirene/health`. Health answers within a second even while the
 * database is busy with a long statement: past {@link HEALTH_DATABASE_WAIT_MS} it gives its last reading
 * with `database_busy: true`.
 */
export const healthRoutes: RouteModule = (app, { database }) => {
  let lastReading: HealthReading | undefined;
  let reading: Promise<HealthReading> | undefined;
  const read = () => {
    reading ??= Promise.all([postgisVersion(database), listDatasets(database)])
      .then((fresh) => (lastReading = fresh))
      .finally(() => (reading = undefined));
    return reading;
  };
  app.get('/health', async () => {
    const current = read();
    current.catch(() => undefined); // a failure is reported through the race below, or by the next call
    const waited = await Promise.race([
      current,
      new Promise<undefined>((resolve) => globalThis.setTimeout(resolve, HEALTH_DATABASE_WAIT_MS)),
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

  app.get('/sirene/health', async () => {
    const datasets = await sireneDatasets(database);
    const establishments = datasets.reduce((sum, dataset) => sum + dataset.row_count, 0);
    return {
      status: establishments > 0 ? 'healthy' : 'unhealthy',
      establishments,
      sources: datasets.map((dataset) => ({
        source: dataset.source,
        territory: dataset.territory,
        vintage: dataset.vintage,
        rows: dataset.row_count,
      })),
      ...(establishments > 0 ? {} : { detail: 'Aucun établissement importé : lancez npm run data:import' }),
    };
  });
};
