import type { RouteModule } from '../AppContext';
import { listDatasets } from './datasetRepository';

/** `GET /api/datasets`: what has been imported, for data freshness in the UI. */
export const datasetRoutes: RouteModule = (app, { database }) => {
  app.get('/datasets', async () => ({ datasets: await listDatasets(database) }));
};
