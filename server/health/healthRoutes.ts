import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion } from './healthRepository';
import { z } from 'zod';
import { documented } from '../openapi/documented';

/** `GET /api/health` (the establishments' own health, `GET /api/sirene/health`, is in `businesses/`). */
export const healthRoutes: RouteModule = (app, { database }) => {
  const getHealthDocumentation = documented({
    tag: 'health',
    summary: 'État du serveur : moteur de base, version de PostGIS, jeux de données importés',
    response: z.object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgresql']),
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
  app.get('/health', getHealthDocumentation, async () => {
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
