import { z } from 'zod';
import { DEPARTEMENT_CODE_PATTERN } from '../../kernel/territory/irisCode';
import type { RouteModule } from '../AppContext';
import { parseInput } from '../http/parseInput';
import { buildCoverage } from './coverageFamilies';
import { datasetsOfDepartement, departementName } from './coverageRepository';

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
  app.get('/data/coverage', async (request) => {
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
