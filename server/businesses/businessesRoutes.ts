import type { FastifyRequest } from 'fastify';
import { businessesToArrow } from '../../kernel/businesses/businessesArrow';
import {
  ARROW_TYPE,
  businessSearchQuerySchema,
  categoryAnalysisRequestSchema,
  communesListQuerySchema,
  divisionBusinessesRequestSchema,
  fuzzySearchQuerySchema,
  isochroneSearchRequestSchema,
  nearestCompetitorsRequestSchema,
  nearestCompetitorsSchema,
  JSON_LIST_LIMIT,
  nafCodeBusinessesRequestSchema,
  nafSearchBusinessesQuerySchema,
  nafSectionParamsSchema,
  polygonSearchRequestSchema,
  searchByNameRequestSchema,
  zoneAllBusinessesRequestSchema,
  zoneStatisticsRequestSchema,
  businessListSchema,
  zoneStatisticsSchema,
} from '../../kernel/businesses/businessSchemas';
import { HOME_CATEGORIES } from '../../kernel/businesses/homeCategories';
import { NAF_SECTIONS } from '../../kernel/businesses/nafSections';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { ARROW_STREAM, documented } from '../openapi/documented';
import { badRequest } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { BusinessesService } from './BusinessesService';
import { NearestCompetitorsService } from './NearestCompetitorsService';
import { roadGraphStoreFor } from '../isochrones/RoadGraphStore';
import { selectBrands, selectCommunes, selectEstablishmentDatasets, selectSourceCounts } from './businessesRepository';
import { nafCatalogueAnswer } from './nafCatalogueAnswer';
import { zoneOwnerOf } from '../zones/zoneOwner';
import { polygonGeometrySchema } from '../../kernel/zones/polygonGeometry';

const NAF_CATALOGUE_RESPONSE = z.object({
  stats: z.record(z.string(), z.number()),
  hierarchy: z.object({ sections: z.array(z.unknown()) }),
  flat_list: z.array(z.unknown()),
});

const wantsArrow = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ARROW_TYPE);

/** A polygon's `coordinates` alone (legacy search body): Polygon or MultiPolygon by nesting depth. */
function polygonOf(coordinates: unknown[]): { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] } {
  const depth = (value: unknown): number => (Array.isArray(value) ? 1 + depth(value[0]) : 0);
  return { type: depth(coordinates) >= 4 ? 'MultiPolygon' : 'Polygon', coordinates };
}

/**
 * The establishments endpoints (Sirene, OpenStreetMap, APUR BDCOM, Ville de Paris, demo rows): zone
 * statistics and lists, NAF catalogue, searches, home categories, brands, cache and health.
 */
export const businessesRoutes: RouteModule = (app, { database }) => {
  const service = new BusinessesService(database);
  const nearest = new NearestCompetitorsService(database, roadGraphStoreFor(database), service);

  app.post(
    '/v1/business/zone-statistics',
    documented({
      tag: 'businesses',
      summary: 'Statistiques des établissements d’une zone : total, densité, tailles, 10 premiers secteurs, sources',
      body: zoneStatisticsRequestSchema,
      response: zoneStatisticsSchema,
    }),
    async (request) => {
      const body = parseInput(zoneStatisticsRequestSchema, request.body, 'body');
      return service.zoneStatistics(body, zoneOwnerOf(request));
    },
  );

  app.post(
    '/v1/business/zone-all-businesses',
    documented({
      tag: 'businesses',
      summary: 'Établissements d’une zone, par pages de 50, avec recherche ; la zone entière en Arrow',
      body: zoneAllBusinessesRequestSchema,
      response: businessListSchema,
      alternatives: [ARROW_STREAM],
    }),
    async (request, reply) => {
      const body = parseInput(zoneAllBusinessesRequestSchema, request.body, 'body');
      const arrow = wantsArrow(request);
      if (!arrow && body.limit > JSON_LIST_LIMIT) {
        throw badRequest(
          `corps « limit » : au plus ${JSON_LIST_LIMIT} en JSON (demandez Arrow pour une zone entière)`,
          {
            errors: [{ field: 'limit', message: `au plus ${JSON_LIST_LIMIT}` }],
          },
        );
      }
      const { zone } = await service.resolveZone(body, 'geometry', zoneOwnerOf(request));
      const query = {
        zone,
        includeInactive: body.include_inactive,
        searchText: body.search_query ?? undefined,
        limit: body.limit,
        offset: body.offset,
        count: !body.skip_count,
      };
      if (arrow) {
        const startedAt = performance.now();
        const { rows, total } = await service.rows(query);
        const businesses = await service.toBusinesses(rows);
        reply.header('X-Total-Count', String(total ?? businesses.length));
        reply.header('X-Search-Time-Ms', String(Math.round(performance.now() - startedAt)));
        return reply
          .type(ARROW_TYPE)
          .send(Buffer.from(await businessesToArrow(businesses, () => request.deadline.checkpoint())));
      }
      return service.list(query);
    },
  );

  app.post(
    '/v1/business/division-businesses',
    documented({
      tag: 'businesses',
      summary: 'Établissements d’une division NAF dans une zone',
      body: divisionBusinessesRequestSchema,
      response: businessListSchema,
    }),
    async (request) => {
      const body = parseInput(divisionBusinessesRequestSchema, request.body, 'body');
      await service.checkNafCodes([body.division_code], 'division_code');
      const { zone } = await service.resolveZone(body, 'geometry', zoneOwnerOf(request));
      return service.list({
        zone,
        includeInactive: body.include_inactive,
        nafPrefixes: [body.division_code],
        limit: body.limit,
        offset: body.offset,
        count: true,
      });
    },
  );

  app.post(
    '/v1/business/naf-code-businesses',
    documented({
      tag: 'businesses',
      summary: 'Établissements d’un code NAF dans une zone',
      body: nafCodeBusinessesRequestSchema,
      response: businessListSchema,
    }),
    async (request) => {
      const body = parseInput(nafCodeBusinessesRequestSchema, request.body, 'body');
      await service.checkNafCodes([body.naf_code], 'naf_code');
      const { zone } = await service.resolveZone(body, 'geometry', zoneOwnerOf(request));
      return service.list({
        zone,
        includeInactive: body.include_inactive,
        nafPrefixes: [body.naf_code],
        limit: body.limit,
        offset: body.offset,
        count: true,
      });
    },
  );

  app.post(
    '/v1/elasticsearch/search/polygon',
    documented({
      tag: 'businesses',
      summary: 'Recherche par codes NAF dans un polygone (nom historique, sans Elasticsearch)',
      body: polygonSearchRequestSchema,
      response: z.object({ data: businessListSchema }),
    }),
    async (request) => {
      const body = parseInput(polygonSearchRequestSchema, request.body, 'body');
      await service.checkNafCodes(body.naf_codes, 'naf_codes');
      const geometry = body.polygon
        ? parseInput(
            z.object({ polygon: polygonGeometrySchema }),
            { polygon: polygonOf(body.polygon.coordinates) },
            'body',
          ).polygon
        : undefined;
      const { zone } = await service.resolveZone({ zone: body.zone, geometry }, 'polygon', zoneOwnerOf(request));
      return {
        data: await service.list({
          zone,
          includeInactive: false,
          nafPrefixes: body.naf_codes,
          limit: body.limit,
          offset: 0,
          count: true,
        }),
      };
    },
  );

  app.get(
    '/v1/elasticsearch/search/fuzzy',
    documented({
      tag: 'businesses',
      summary: 'Recherche approchée par nom (pg_trgm + unaccent ; nom historique)',
      query: fuzzySearchQuerySchema,
      response: z.object({ data: businessListSchema }),
    }),
    async (request) => {
      const query = parseInput(fuzzySearchQuerySchema, request.query, 'query');
      return { data: await service.fuzzy(query.query, query.fuzziness, query.limit) };
    },
  );

  app.post(
    '/enterprise-search/search-by-name',
    documented({
      tag: 'businesses',
      summary: 'Recherche d’établissements par nom (au moins 2 caractères)',
      body: searchByNameRequestSchema,
      response: businessListSchema,
    }),
    async (request) => {
      const body = parseInput(searchByNameRequestSchema, request.body, 'body');
      return service.fuzzy(body.name, 'AUTO', body.limit);
    },
  );

  app.get(
    '/v1/business/search',
    documented({
      tag: 'businesses',
      summary: 'Recherche par nom, codes NAF et commune',
      query: businessSearchQuerySchema,
      response: businessListSchema,
    }),
    async (request) => {
      const query = parseInput(businessSearchQuerySchema, request.query, 'query');
      const nafCodes = [...(query.naf_codes ?? []), ...(query['naf_codes[]'] ?? [])];
      if (nafCodes.length) await service.checkNafCodes(nafCodes, 'naf_codes', 'paramètre');
      if (query.name && !nafCodes.length && !query.commune_code && !query.commune_name) {
        return service.fuzzy(query.name, 'AUTO', query.limit);
      }
      return service.list({
        includeInactive: !query.only_active,
        nafPrefixes: nafCodes,
        searchText: query.name,
        communeCodes: query.commune_code ? [query.commune_code] : undefined,
        communeName: query.commune_name,
        limit: query.limit,
        offset: 0,
        count: true,
      });
    },
  );

  app.get(
    '/v1/business/communes/list',
    documented({
      tag: 'businesses',
      summary: 'Communes qui ont des établissements',
      query: communesListQuerySchema,
      response: z.object({
        communes: z.array(
          z.object({ code: z.string(), name: z.string(), departement_code: z.string(), count: z.number() }),
        ),
        total: z.number(),
      }),
    }),
    async (request) => {
      const query = parseInput(communesListQuerySchema, request.query, 'query');
      const communes = await selectCommunes(database, query.search, query.limit);
      return { communes, total: communes.length };
    },
  );

  app.get(
    '/v1/business/categories',
    documented({
      tag: 'businesses',
      summary: 'Les dix catégories d’accueil et leurs codes NAF',
      response: z.object({
        categories: z.array(
          z.object({
            key: z.string(),
            name: z.string(),
            icon: z.string(),
            naf_codes: z.array(z.string()),
            enabled: z.boolean(),
          }),
        ),
      }),
    }),
    async () => ({
      categories: HOME_CATEGORIES.map((category) => ({ ...category, enabled: true })),
    }),
  );

  app.post(
    '/naf_codes/business-analysis',
    documented({
      tag: 'businesses',
      summary: 'Analyse d’une zone par catégorie d’accueil',
      body: categoryAnalysisRequestSchema,
      response: z.object({
        categories: z.array(
          z.object({ category: z.string(), name: z.string(), count: z.number(), available: z.boolean() }).passthrough(),
        ),
        search_time_ms: z.number(),
      }),
    }),
    async (request) => {
      const body = parseInput(categoryAnalysisRequestSchema, request.body, 'body');
      return service.categoryAnalysis(body, body.categories, body.per_category_limit, zoneOwnerOf(request));
    },
  );

  app.get(
    '/naf_codes/search-businesses',
    documented({
      tag: 'businesses',
      summary: 'Établissements de codes NAF, dans des bornes facultatives',
      query: nafSearchBusinessesQuerySchema,
      response: businessListSchema,
    }),
    async (request) => {
      const query = parseInput(nafSearchBusinessesQuerySchema, request.query, 'query');
      const nafCodes = [...(query.naf_codes ?? []), ...(query['naf_codes[]'] ?? [])];
      if (nafCodes.length === 0) {
        throw badRequest('paramètre « naf_codes » : au moins un code NAF', {
          errors: [{ field: 'naf_codes', message: 'au moins un code NAF' }],
        });
      }
      await service.checkNafCodes(nafCodes, 'naf_codes', 'paramètre');
      const [minLat, minLon, maxLat, maxLon] = (query.bounds?.split(',') ?? []).map(Number);
      const bounds =
        minLat !== undefined && minLon !== undefined && maxLat !== undefined && maxLon !== undefined
          ? { minLat, minLon, maxLat, maxLon }
          : undefined;
      return service.list({
        includeInactive: false,
        nafPrefixes: nafCodes,
        bounds,
        limit: query.limit,
        offset: 0,
        count: true,
      });
    },
  );

  app.get(
    '/naf_codes/sections',
    documented({
      tag: 'businesses',
      summary: 'Les 21 sections NAF avec leurs couleurs',
      response: z.object({
        sections: z.array(
          z.object({ code: z.string(), name: z.string(), color: z.string(), background_color: z.string() }),
        ),
      }),
    }),
    async () => ({
      sections: NAF_SECTIONS.map((section) => ({
        code: section.code,
        name: section.name,
        color: section.color,
        background_color: section.background,
      })),
    }),
  );

  app.get(
    '/naf_codes/codes/:section',
    documented({
      tag: 'businesses',
      summary: 'Sous-classes NAF d’une section',
      params: nafSectionParamsSchema,
      response: z.object({
        section: z.string(),
        codes: z.array(z.object({ code: z.string(), label: z.string(), label_short: z.string() })),
      }),
    }),
    async (request) => {
      const { section } = parseInput(nafSectionParamsSchema, request.params, 'params');
      const catalogue = await service.naf.all();
      return {
        section,
        codes: [...catalogue.values()]
          .filter((entry) => entry.section_code === section && entry.level === 5)
          .map((entry) => ({ code: entry.code, label: entry.label, label_short: entry.label_40 })),
      };
    },
  );

  app.get(
    '/naf_codes/all',
    documented({
      tag: 'businesses',
      summary: 'Nomenclature NAF rév. 2 complète (hiérarchie et liste)',
      response: NAF_CATALOGUE_RESPONSE,
    }),
    async () => nafCatalogueAnswer(await service.naf.all()),
  );
  app.get(
    '/sirene/naf-codes',
    documented({
      tag: 'businesses',
      summary: 'Nomenclature NAF rév. 2 complète (chemin Sirene)',
      response: NAF_CATALOGUE_RESPONSE,
    }),
    async () => nafCatalogueAnswer(await service.naf.all()),
  );

  app.get(
    '/sirene/business-brands',
    documented({
      tag: 'businesses',
      summary: 'Enseignes et noms les plus fréquents (hors démonstration)',
      query: communesListQuerySchema.pick({ limit: true }),
      response: z.object({
        brands: z.array(z.object({ name: z.string(), count: z.number(), naf_code: z.string().nullable() })),
      }),
    }),
    async (request) => {
      const query = parseInput(communesListQuerySchema.pick({ limit: true }), request.query, 'query');
      return { brands: await selectBrands(database, query.limit, 2) };
    },
  );

  app.post(
    '/geosearch/enterprises-in-isochrone',
    documented({
      tag: 'businesses',
      summary: 'Établissements dans une isochrone',
      body: isochroneSearchRequestSchema,
      response: businessListSchema,
    }),
    async (request) => {
      const body = parseInput(isochroneSearchRequestSchema, request.body, 'body');
      if (body.filters.naf_codes?.length) await service.checkNafCodes(body.filters.naf_codes, 'filters.naf_codes');
      const { zone } = await service.resolveZone(
        { zone: body.zone, geometry: body.isochrone_geometry },
        'isochrone_geometry',
        zoneOwnerOf(request),
      );
      return service.list({
        zone,
        includeInactive: !body.filters.only_active,
        nafPrefixes: body.filters.naf_codes,
        searchText: body.filters.name,
        limit: body.filters.limit,
        offset: 0,
        count: true,
      });
    },
  );

  app.post(
    '/v1/business/nearest-competitors',
    documented({
      tag: 'businesses',
      summary:
        'Concurrents les plus proches d’un point par temps de marche sur le graphe des rues (codes NAF, au plus 50, au plus 30 min)',
      body: nearestCompetitorsRequestSchema,
      response: nearestCompetitorsSchema,
    }),
    async (request) => {
      const body = parseInput(nearestCompetitorsRequestSchema, request.body, 'body');
      await service.checkNafCodes(body.naf_codes, 'naf_codes');
      return nearest.nearest(body);
    },
  );

  app.get(
    '/sirene/cache/stats',
    documented({
      tag: 'businesses',
      summary: 'État du cache des statistiques d’établissements',
      response: z.object({
        entries: z.number(),
        max_entries: z.number(),
        hits: z.number(),
        misses: z.number(),
        hit_rate: z.number(),
      }),
    }),
    async () => service.cache.stats(),
  );
  app.post(
    '/sirene/cache/clear',
    documented({
      tag: 'businesses',
      summary: 'Vide le cache des statistiques d’établissements',
      response: z.object({ cleared: z.number(), status: z.literal('ok') }),
    }),
    async () => ({ cleared: service.cache.clear(), status: 'ok' }),
  );

  app.get(
    '/sirene/health',
    documented({
      tag: 'businesses',
      summary: 'Établissements réellement chargés, par source et jeu de données',
      response: z
        .object({ status: z.enum(['healthy', 'unhealthy']), establishments: z.number(), counted: z.number() })
        .passthrough(),
    }),
    async () => {
      const [datasets, sources] = await Promise.all([
        selectEstablishmentDatasets(database),
        selectSourceCounts(database),
      ]);
      const counted = sources.reduce((sum, source) => sum + source.counted, 0);
      const stored = sources.reduce((sum, source) => sum + source.stored, 0);
      return {
        status: stored > 0 ? 'healthy' : 'unhealthy',
        // Every stored row; `counted` leaves out duplicates of another source and superseded demo rows.
        establishments: stored,
        counted,
        sources,
        datasets: datasets.map((dataset) => ({
          source: dataset.source,
          territory: dataset.territory,
          vintage: dataset.vintage,
          label: dataset.label,
          rows: dataset.row_count,
          demo: dataset.demo,
          loaded_at: dataset.loaded_at,
        })),
        ...(stored > 0 ? {} : { detail: 'Aucun établissement importé : lancez npm run data:import' }),
      };
    },
  );
};
