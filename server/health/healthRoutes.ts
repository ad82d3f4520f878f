import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion, sireneDatasets } from './healthRepository';

/** `GET /api/health` and `GET /api/sirene/health`. */
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
