import type { RouteModule } from '../AppContext';
import { listDatasets } from '../datasets/datasetRepository';
import { postgisVersion, sireneDatasets } from './healthRepository';
import { z } from 'zod';
import { documented } from '../openapi/documented';

/** `GET /api/health` and `GET /api/sirene/health`. */
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

  const getSireneHealthDocumentation = documented({
    tag: 'health',
    summary: 'État des établissements Sirene importés',
    response: z.object({
      status: z.enum(['healthy', 'unhealthy']),
      establishments: z.number(),
      sources: z.array(z.object({ source: z.string(), territory: z.string(), vintage: z.string(), rows: z.number() })),
      detail: z.string().optional(),
    }),
  });
  app.get('/sirene/health', getSireneHealthDocumentation, async () => {
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
