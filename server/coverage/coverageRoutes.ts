import { z } from 'zod';
import { DEPARTEMENT_CODE_PATTERN } from '../../kernel/territory/irisCode';
import type { RouteModule } from '../AppContext';
import { parseInput } from '../http/parseInput';
import { buildCoverage } from './coverageFamilies';
import { datasetsOfDepartement, departementName } from './coverageRepository';
import { documented } from '../openapi/documented';

const coverageQuery = z.object({
  departement: z
    .string({ error: 'code de département requis (ex. 75)' })
    .trim()
    .toUpperCase()
    .regex(DEPARTEMENT_CODE_PATTERN, 'code de département invalide (01 à 95, 2A, 2B ou 971 à 976)'),
});

/**
 * `GET /api/data/coverage?departement=75`: for each dataset family the UI needs, whether it is loaded
 * for the département, its vintages, rows, source and demo flag; missing families say
 * "Données non disponibles pour ce territoire".
 */
export const coverageRoutes: RouteModule = (app, { database }) => {
  const getDataCoverageDocumentation = documented({
    tag: 'coverage',
    summary: 'Familles de données chargées ou manquantes pour un département',
    query: coverageQuery,
    response: z.object({
      departement: z.object({ code: z.string(), name: z.string().nullable() }),
      families: z.array(
        z.object({
          key: z.string(),
          label: z.string(),
          producer: z.string().nullable(),
          expected: z.boolean(),
          loaded: z.boolean(),
          vintages: z.array(z.string()),
          rows: z.number(),
          sourceLabel: z.string().nullable(),
          demo: z.boolean(),
          datasets: z.array(
            z.object({
              source: z.string(),
              territory: z.string(),
              vintage: z.string(),
              label: z.string(),
              rows: z.number(),
              demo: z.boolean(),
              loadedAt: z.string(),
            }),
          ),
          message: z.string().nullable(),
        }),
      ),
      missing: z.array(z.string()),
    }),
  });
  app.get('/data/coverage', getDataCoverageDocumentation, async (request) => {
    const { departement } = parseInput(coverageQuery, request.query, 'query');
    const [name, datasets] = await Promise.all([
      departementName(database, departement),
      datasetsOfDepartement(database, departement),
    ]);
    const families = buildCoverage(datasets);
    return {
      departement: { code: departement, name },
      families,
      missing: families.filter((family) => family.expected && !family.loaded).map((family) => family.key),
    };
  });
};
