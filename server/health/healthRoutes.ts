import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion } from './healthRepository';

/** `GET /api/health` (the establishments' own health is `GET /api/sirene/health`, in `businesses/`). */
export const healthRoutes: RouteModule = (app, { database }) => {
  app.get('/health', async () => {
    const [postgis, datasets] = await Promise.all([postgisVersion(database), listDatasets(database)]);
    return {
      status: 'ok',
      database: database.kind,
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
