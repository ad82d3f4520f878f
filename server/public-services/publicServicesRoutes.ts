import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../AppContext';
import type { Database } from '../db/Database';
import { polygonGeometrySchema, type ZonePolygon } from '../../kernel/zones/polygonGeometry';
import type { ZoneReference } from '../../kernel/zones/zoneReference';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import { zoneOwnerOf } from '../zones/zoneOwner';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import {
  nearbyQuerySchema,
  searchQuerySchema,
  withinPolygonBodySchema,
  withinPolygonQuerySchema,
  zoneAnalysisBodySchema,
  type WithinPolygonBody,
  searchResponseSchema,
  serviceCategorySchema,
  serviceTypeSchema,
  servedPopulationSchema,
  statisticsSchema,
  zoneAnalysisSchema,
  publicServiceSchema,
} from '../../kernel/public-services/publicServiceSchemas';
import { z } from 'zod';

const TAG = 'public-services';
import { PublicServicesService } from './PublicServicesService';
import { servedPopulationServiceFor } from './ServedPopulationService';

/** `key[]=a&key[]=b` arrives as `key[]`: read it as `key`. */
function arrayKeys(query: unknown): Record<string, unknown> {
  const entries = Object.entries((query ?? {}) as Record<string, unknown>);
  return Object.fromEntries(entries.map(([key, value]) => [key.endsWith('[]') ? key.slice(0, -2) : key, value]));
}

/** The polygon of a within-polygon body as a closed GeoJSON Polygon (or the MultiPolygon sent). */
function polygonOf(polygon: NonNullable<WithinPolygonBody['polygon']>): ZonePolygon {
  if (!Array.isArray(polygon) && 'type' in polygon) return polygon;
  const ring = (Array.isArray(polygon) ? polygon : polygon.coordinates).map((position) => [position[0], position[1]]);
  const [first] = ring;
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
  return parseInput(
    z.object({ polygon: polygonGeometrySchema }),
    { polygon: { type: 'Polygon', coordinates: [ring] } },
    'body',
  ).polygon;
}

/** The GeoJSON text of a body's zone: its `zone` reference resolved, else the geometry sent. */
async function zoneJson(
  database: Database,
  request: FastifyRequest,
  body: { zone?: ZoneReference; geometry?: ZonePolygon },
): Promise<string> {
  if (body.zone) return zoneOutlineJson(database, await resolveZone(database, body.zone, zoneOwnerOf(request)));
  return JSON.stringify(body.geometry);
}

/**
 * `/api/public-services/*`: service types and the nine categories, search, nearby, within a polygon,
 * statistics, zone analysis and the served population of a zone.
 */
export const publicServicesRoutes: RouteModule = (app, { database }) => {
  const service = new PublicServicesService(database);
  const served = servedPopulationServiceFor(database);

  app.get(
    '/public-services/service-types',
    documented({
      tag: TAG,
      summary: 'Types de services publics : nombre, nombre géolocalisé, description, catégorie, source',
      response: z.object({ service_types: z.array(serviceTypeSchema) }),
    }),
    async () => ({ service_types: await service.serviceTypes() }),
  );

  app.get(
    '/public-services/service-categories',
    documented({
      tag: TAG,
      summary: 'Les neuf catégories (administration, justice, finances…) avec leurs types de services',
      response: z.object({ categories: z.array(serviceCategorySchema) }),
    }),
    async () => ({ categories: await service.categories() }),
  );

  app.get(
    '/public-services/search',
    documented({
      tag: TAG,
      summary: 'Recherche de services par types, commune, texte, départements (100 par type, 10 000 pour la carte)',
      query: searchQuerySchema,
      response: searchResponseSchema,
    }),
    async (request) => {
      const query = parseInput(searchQuerySchema, arrayKeys(request.query), 'query');
      return service.search(
        {
          types: query.service_types,
          commune: query.commune,
          searchTerm: query.search_term,
          withCoordinatesOnly: query.with_coordinates_only,
          departements: query.departements,
        },
        { limit: query.limit, offset: query.offset },
      );
    },
  );

  app.get(
    '/public-services/nearby',
    documented({
      tag: TAG,
      summary: 'Services à moins de `radius` km d’un point, du plus proche au plus lointain',
      query: nearbyQuerySchema,
      response: z.object({ services: z.array(publicServiceSchema), total: z.number().int() }),
    }),
    async (request) => {
      const query = parseInput(nearbyQuerySchema, arrayKeys(request.query), 'query');
      return service.nearby(
        { longitude: query.longitude, latitude: query.latitude },
        query.radius,
        query.service_types,
        query.limit,
      );
    },
  );

  app.post(
    '/public-services/within-polygon',
    documented({
      tag: TAG,
      summary: 'Services géolocalisés dans un polygone (au moins 3 points)',
      query: withinPolygonQuerySchema,
      body: withinPolygonBodySchema,
      response: searchResponseSchema,
    }),
    async (request) => {
      const query = parseInput(withinPolygonQuerySchema, arrayKeys(request.query), 'query');
      const body = parseInput(withinPolygonBodySchema, request.body, 'body');
      const geometry = body.polygon ? polygonOf(body.polygon) : undefined;
      const withinGeometry = await zoneJson(database, request, { zone: body.zone, geometry });
      return service.search(
        { types: query.service_types, withinGeometry, withCoordinatesOnly: true },
        { limit: query.limit, offset: 0 },
      );
    },
  );

  app.get(
    '/public-services/statistics',
    documented({
      tag: TAG,
      summary: 'Totaux, couverture géographique, types, communes, complétude téléphone / e-mail / site web',
      response: statisticsSchema,
    }),
    async () => service.statistics(),
  );

  app.post(
    '/public-services/zone-analysis',
    documented({
      tag: TAG,
      summary: 'Services publics d’une zone, par catégorie, avec source et millésime',
      body: zoneAnalysisBodySchema,
      response: zoneAnalysisSchema,
    }),
    async (request) => {
      const body = parseInput(zoneAnalysisBodySchema, request.body, 'body');
      return service.zoneAnalysis(await zoneJson(database, request, body));
    },
  );

  app.post(
    '/public-services/served-population',
    documented({
      tag: TAG,
      summary:
        'Part des habitants à 5, 10 et 15 min à pied du service le plus proche, par catégorie ; taux pour 10 000 habitants face à Paris',
      body: zoneAnalysisBodySchema,
      response: servedPopulationSchema,
    }),
    async (request) => {
      const body = parseInput(zoneAnalysisBodySchema, request.body, 'body');
      const sources = (await service.sources()).map(({ count: _count, ...note }) => note);
      return served.compute(await zoneJson(database, request, body), sources);
    },
  );
};
