import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import {
  TERRITORY_CODE_SCHEMAS,
  TERRITORY_NOT_FOUND_MESSAGES,
  communeCodeSchema,
  departementCodeSchema,
  regionCodeSchema,
} from '../../kernel/territory/territoryCodes';
import { OVERSEAS_REGION_CODES, compareFrench, sortRegions } from '../../kernel/territory/territorySchemas';
import {
  selectBoundary,
  selectCommunes,
  selectDepartments,
  selectIrisOfCommune,
  selectRegions,
  type BoundaryLevel,
} from './territoryRepository';
import { documented } from '../openapi/documented';
import {
  boundaryFeatureSchema,
  communeListSchema,
  departmentListSchema,
  irisListSchema,
  regionListSchema,
} from '../../kernel/territory/territorySchemas';

const MAX_ROWS = 5000;
const limitSchema = z.coerce.number().int().min(1).max(MAX_ROWS).default(1000);

const departmentsQuery = z.object({ region: regionCodeSchema.optional() });
const communesQuery = z.object({ department: departementCodeSchema, limit: limitSchema });
const irisQuery = z.object({ commune: communeCodeSchema, limit: limitSchema });

const CODE_SCHEMAS: Record<BoundaryLevel, z.ZodType<string, string>> = TERRITORY_CODE_SCHEMAS;

const NOT_FOUND_MESSAGES: Record<BoundaryLevel, string> = TERRITORY_NOT_FOUND_MESSAGES;

/**
 * Administrative zones, read from the imported boundaries: the tree's lists (régions with
 * the overseas ones last, everything else in French-locale order; Paris as its arrondissements) and
 * one boundary Feature per unit.
 */
export const territoryRoutes: RouteModule = (app, { database }) => {
  const getAdminZonesRegionsDocumentation = documented({
    tag: 'territory',
    summary: 'Les 18 régions (les cinq d’outre-mer en dernier)',
    response: regionListSchema,
  });
  app.get('/admin-zones/regions', getAdminZonesRegionsDocumentation, async () =>
    sortRegions(await selectRegions(database)).map((region) => ({
      ...region,
      overseas: OVERSEAS_REGION_CODES.includes(region.code),
    })),
  );

  const getAdminZonesDepartmentsDocumentation = documented({
    tag: 'territory',
    summary: 'Départements, d’une région ou tous',
    query: departmentsQuery,
    response: departmentListSchema,
  });
  app.get('/admin-zones/departments', getAdminZonesDepartmentsDocumentation, async (request) => {
    const { region } = parseInput(departmentsQuery, request.query, 'query');
    return (await selectDepartments(database, region)).sort((left, right) => compareFrench(left.name, right.name));
  });

  const getAdminZonesCommunesDocumentation = documented({
    tag: 'territory',
    summary: 'Communes d’un département (Paris remplacée par ses arrondissements)',
    query: communesQuery,
    response: communeListSchema,
  });
  app.get('/admin-zones/communes', getAdminZonesCommunesDocumentation, async (request) => {
    const { department, limit } = parseInput(communesQuery, request.query, 'query');
    return (await selectCommunes(database, department, limit)).sort((left, right) =>
      compareFrench(left.name, right.name),
    );
  });

  const getAdminZonesIrisDocumentation = documented({
    tag: 'territory',
    summary: 'IRIS d’une commune (75056 : tous les IRIS de Paris)',
    query: irisQuery,
    response: irisListSchema,
  });
  app.get('/admin-zones/iris', getAdminZonesIrisDocumentation, async (request) => {
    const { commune, limit } = parseInput(irisQuery, request.query, 'query');
    return (await selectIrisOfCommune(database, commune, limit)).sort(
      (left, right) => compareFrench(left.iris_name, right.iris_name) || left.iris_code.localeCompare(right.iris_code),
    );
  });

  for (const level of Object.keys(CODE_SCHEMAS) as BoundaryLevel[]) {
    const paramsSchema = z.object({ code: CODE_SCHEMAS[level] });
    const getAdminZonesLevelGeometryDocumentation = documented({
      tag: 'territory',
      summary: `Contour d’une unité (${level}) en Feature GeoJSON`,
      params: paramsSchema,
      response: boundaryFeatureSchema,
    });
    app.get(`/admin-zones/${level}/:code/geometry`, getAdminZonesLevelGeometryDocumentation, async (request, reply) => {
      const { code } = parseInput(paramsSchema, request.params, 'params');
      const boundary = await selectBoundary(database, level, code);
      if (!boundary) throw notFound(`${NOT_FOUND_MESSAGES[level]} : ${code}`);
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        type: 'Feature',
        geometry: JSON.parse(boundary.geometry) as unknown,
        properties: { ...boundary.properties, level },
      };
    });
  }
};
