import type { RouteModule } from '../AppContext';
import { listDatasets } from './datasetRepository';
import { z } from 'zod';
import { documented } from '../openapi/documented';

/** `GET /api/datasets`: what has been imported, for data freshness in the UI. */
export const datasetRoutes: RouteModule = (app, { database }) => {
  const getDatasetsDocumentation = documented({
    tag: 'datasets',
    summary: 'Jeux de données importés (source, territoire, millésime, lignes, somme de contrôle)',
    response: z.object({
      datasets: z.array(
        z.object({
          source: z.string(),
          territory: z.string(),
          vintage: z.string(),
          label: z.string(),
          rowCount: z.number(),
          checksum: z.string(),
          files: z.array(z.string()),
          durationMs: z.number(),
          demo: z.boolean(),
          loadedAt: z.string().optional(),
        }),
      ),
    }),
  });
  app.get('/datasets', getDatasetsDocumentation, async () => ({ datasets: await listDatasets(database) }));
};
