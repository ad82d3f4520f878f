import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import type { Queryable } from '../db/Database';
import { AnswerCache } from '../http/AnswerCache';
import { badRequest, notFound } from '../http/HttpError';
import { jsonArrayInSlices } from '../http/jsonArrayInSlices';
import { parseInput } from '../http/parseInput';
import {
  clustersQuerySchema,
  searchRequestSchema,
  zoneStatisticsRequestSchema,
  type PricePerM2Figure,
  type ZoneStatistics,
  type ZoneStatisticsRequest,
} from '../../kernel/real-estate/realEstateSchemas';
import type {
  RealEstateFilters,
  RealEstateLot,
  RealEstateSearchResult,
} from '../../kernel/real-estate/realEstateTypes';
import type { PropertyCategory } from '../../kernel/real-estate/realEstateTypes';
import { lotsToArrow } from './lotsToArrow';
import { realEstateZoneOf } from './realEstateZone';
import { polygonInputSchema } from '../../kernel/zones/polygonGeometry';
import { isZoneReference, zoneReferenceSchema } from '../../kernel/zones/zoneReference';
import {
  type LotRow,
  selectCircle,
  selectClusters,
  selectMutationOfLot,
  selectSearchPage,
  selectZoneLots,
  type ZoneReference,
} from './realEstateRepository';
import { ARROW_STREAM, documented } from '../openapi/documented';
import { departementMedianPricePerM2 } from './departementMedians';
import { marketSnapshotOf, selectZoneFigures, selectZoneSummary } from './zoneFiguresRepository';

const ARROW_TYPE = 'application/vnd.apache.arrow.stream';
const JSON_TYPE = 'application/json; charset=utf-8';
/** Above this many lots, a list answer asked with `Accept: …arrow…` is sent as Arrow. */
const ARROW_THRESHOLD = 500;

/** Top-level shape of the zone statistics answer (the fields of `ZoneStatistics`). */
const zoneStatisticsResponse = z
  .object({
    total_transactions: z.number(),
    dwelling_sales: z.number(),
    price_statistics: z.object({ avg: z.number().nullable(), median: z.number().nullable(), count: z.number() }),
    price_per_m2_statistics: z.object({
      avg: z.number().nullable(),
      median: z.number().nullable(),
      q1: z.number().nullable(),
      q3: z.number().nullable(),
      count: z.number(),
      definition: z.string(),
      mix: z.array(z.object({ type_local: z.string(), count: z.number() })),
    }),
    apartment_price_per_m2: z.object({
      without_dependencies: z.object({ count: z.number(), median: z.number().nullable() }).loose(),
      with_dependencies: z.object({ count: z.number(), median: z.number().nullable() }).loose(),
    }),
    property_type_breakdown: z.array(z.object({ type_local: z.string().nullable(), count: z.number() }).loose()),
    mutation_type_breakdown: z.array(z.object({ nature_mutation: z.string().nullable(), count: z.number() }).loose()),
    temporal_series: z.array(z.record(z.string(), z.unknown())),
    market_snapshot: z.record(z.string(), z.unknown()).nullable(),
    sample_transactions: z.array(z.record(z.string(), z.unknown())),
    search_time_ms: z.number(),
  })
  .loose();
const lotList = z.array(z.object({ id: z.number(), id_mutation: z.string(), date_mutation: z.string() }).loose());

/** DVF reuse rule: listings of transactions must not be indexed by search engines. */
const transactionParams = z.object({ id: z.coerce.number().int().positive() });

const noindex = (reply: FastifyReply) => reply.header('X-Robots-Tag', 'noindex');

export function toLot(row: LotRow): RealEstateLot & { group_type_local: string } {
  const { longitude, latitude, ...rest } = row;
  return { ...rest, location: longitude === null || latitude === null ? null : { lat: latitude, lon: longitude } };
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const roundFigure = (figure: PricePerM2Figure): PricePerM2Figure => ({
  ...figure,
  q1: round(figure.q1),
  median: round(figure.median),
  q3: round(figure.q3),
});

/** What `price_per_m2_statistics` covers. */
export const PRICE_PER_M2_DEFINITION =
  'Ventes d’un seul bien (appartement, maison ou local commercial, mélangés ; dépendances comprises) avec surface bâtie';

const percentage = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 10000) / 100 : 0);

/** The zone statistics answer and the sampled lots (the export calls it too). */
export async function zoneStatistics(
  database: Queryable,
  zone: ZoneReference,
  request: ZoneStatisticsRequest,
): Promise<{ statistics: ZoneStatistics; lots: LotRow[] }> {
  const startedAt = performance.now();
  const filters: RealEstateFilters = request.filters;
  // One statement finds the zone's mutations once and reads every figure from them.
  const figures = await selectZoneFigures(database, zone, filters, {
    temporal: request.include_temporal ? request.temporal_granularity : undefined,
    snapshot: request.include_market_snapshot,
    sampleSize: request.include_sample_transactions ? request.sample_size : 0,
  });
  const { summary, apartments, mix, types, natures, temporal, lots } = figures;
  const snapshot = figures.snapshot
    ? await marketSnapshotOf(figures.snapshot, zone, (code) => departementMedianPricePerM2(database, code, filters))
    : null;
  return {
    lots,
    statistics: {
      total_transactions: summary.total,
      dwelling_sales: summary.dwelling_sales,
      price_statistics: { avg: round(summary.avg_price), median: round(summary.median_price), count: summary.sales },
      price_per_m2_statistics: {
        avg: round(summary.avg_price_per_m2),
        median: round(summary.median_price_per_m2),
        q1: round(summary.q1_price_per_m2),
        q3: round(summary.q3_price_per_m2),
        count: summary.price_per_m2_count,
        definition: PRICE_PER_M2_DEFINITION,
        mix,
      },
      apartment_price_per_m2: {
        without_dependencies: roundFigure(apartments.without_dependencies),
        with_dependencies: roundFigure(apartments.with_dependencies),
      },
      property_type_breakdown: types.map((row) => ({
        type_local: row.key,
        count: row.count,
        percentage: percentage(row.count, summary.total),
        avg_price: round(row.avg_price),
        avg_price_per_m2: round(row.avg_price_per_m2),
      })),
      mutation_type_breakdown: natures.map((row) => ({
        nature_mutation: row.key,
        count: row.count,
        percentage: percentage(row.count, summary.total),
        avg_price: round(row.avg_price),
        avg_price_per_m2: round(row.avg_price_per_m2),
      })),
      temporal_series: temporal,
      market_snapshot: snapshot,
      sample_transactions: lots.map(toLot),
      search_time_ms: Math.round(performance.now() - startedAt),
    },
  };
}

const wantsArrow = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ARROW_TYPE);

/** Zone statistics answers by zone and request (an import makes them stale). */
type ZoneStatisticsCache = AnswerCache<Awaited<ReturnType<typeof zoneStatistics>>>;

/** Zone statistics as JSON, or only the lots as Arrow when asked and large; the same request is computed once. */
async function answerZoneStatistics(
  database: Queryable,
  cache: ZoneStatisticsCache,
  request: FastifyRequest,
  reply: FastifyReply,
  zone: ZoneReference,
  body: ZoneStatisticsRequest,
) {
  noindex(reply);
  const startedAt = performance.now();
  const cached = await cache.get(database, [zone, body], () => zoneStatistics(database, zone, body));
  const lots = cached.lots;
  const statistics = { ...cached.statistics, search_time_ms: Math.round(performance.now() - startedAt) };
  if (wantsArrow(request) && lots.length >= ARROW_THRESHOLD) {
    reply.header('X-Total-Transactions', String(statistics.total_transactions));
    return reply.type(ARROW_TYPE).send(Buffer.from(await lotsToArrow(lots, () => request.deadline.checkpoint())));
  }
  return statistics;
}

const coordinatesSchema = zoneStatisticsRequestSchema.extend({
  coordinates: z
    .union([
      z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
      z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
    ])
    .optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  radius: z.number().positive().max(50).default(1),
});

/** The older whole-zone body: the zone's Feature (or FeatureCollection) and properties. */
const wholeZoneSchema = zoneStatisticsRequestSchema.extend({
  zone: z.object({ geometry: z.unknown(), properties: z.record(z.string(), z.unknown()).optional() }).passthrough(),
});
const legacyZoneSchema = zoneStatisticsRequestSchema.extend({
  zone: z.union([zoneReferenceSchema, wholeZoneSchema.shape.zone]),
});

/**
 * Real-estate endpoints: advanced search, one transaction, zone statistics (with the
 * market snapshot and the zone's lots as JSON or Arrow), map clusters, and the legacy
 * `/api/real-estate`, `/coordinates` and `/zone`. Every listing answer carries `X-Robots-Tag: noindex`.
 */
export const realEstateRoutes: RouteModule = (app, { database }) => {
  const statisticsCache: ZoneStatisticsCache = new AnswerCache({ maxEntries: 100 });
  const postRealEstateSearchDocumentation = documented({
    tag: 'real-estate',
    summary: 'Recherche paginée des ventes DVF d’une zone avec filtres et tri',
    body: searchRequestSchema,
    response: z
      .object({
        transactions: lotList,
        total: z.number(),
        page: z.number(),
        page_size: z.number(),
        total_pages: z.number(),
        search_time_ms: z.number(),
        statistics: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
  });
  app.post('/v1/real-estate/search', postRealEstateSearchDocumentation, async (request, reply) => {
    const startedAt = performance.now();
    const body = parseInput(searchRequestSchema, request.body, 'body');
    const zone = await realEstateZoneOf(database, request, body, false);
    const { rows, total } = await selectSearchPage(database, zone, body.filters, {
      offset: (body.page - 1) * body.page_size,
      limit: body.page_size,
      sortBy: body.sort_by,
      order: body.sort_order,
    });
    noindex(reply);
    const transactions: RealEstateSearchResult[] = rows.map((row) => ({
      id: row.id,
      id_mutation: row.id_mutation,
      type_local: row.type_local,
      property_category: row.property_category as PropertyCategory,
      nature_mutation: row.nature_mutation,
      adresse_numero: row.adresse_numero,
      adresse_nom_voie: row.adresse_nom_voie,
      code_postal: row.code_postal,
      nom_commune: row.nom_commune,
      valeur_fonciere: row.valeur_fonciere,
      price_per_m2_bati: round(row.price_per_m2_bati),
      price_per_m2_constructible: row.property_category === 'constructible' ? round(row.price_per_m2_terrain) : null,
      price_per_m2_terrain: round(row.price_per_m2_terrain),
      surface_reelle_bati: row.surface_reelle_bati,
      surface_terrain: row.surface_terrain,
      nombre_pieces_principales: row.nombre_pieces_principales,
      date_mutation: row.date_mutation,
      location: row.longitude === null || row.latitude === null ? null : { lat: row.latitude, lon: row.longitude },
    }));
    const statistics = body.include_statistics ? await selectZoneSummary(database, zone, body.filters) : undefined;
    return {
      transactions,
      total,
      page: body.page,
      page_size: body.page_size,
      total_pages: Math.ceil(total / body.page_size),
      search_time_ms: Math.round(performance.now() - startedAt),
      ...(statistics ? { statistics } : {}),
    };
  });

  const getRealEstateTransactionDocumentation = documented({
    tag: 'real-estate',
    summary: 'Un lot DVF et tous les lots de sa mutation',
    params: transactionParams,
    response: z.object({ id: z.number(), mutation_lots: lotList }).loose(),
  });
  app.get('/v1/real-estate/transaction/:id', getRealEstateTransactionDocumentation, async (request, reply) => {
    const { id } = parseInput(transactionParams, request.params, 'params');
    const lots = await selectMutationOfLot(database, id);
    const lot = lots.find((candidate) => candidate.id === id);
    if (!lot) throw notFound('Transaction non trouvée');
    noindex(reply);
    return { ...toLot(lot), mutation_lots: lots.map(toLot) };
  });

  const postRealEstateZoneStatisticsDocumentation = documented({
    tag: 'real-estate',
    summary: 'Statistiques DVF d’une zone (prix, €/m², répartitions, série, instantané de marché)',
    body: zoneStatisticsRequestSchema,
    response: zoneStatisticsResponse,
    alternatives: [ARROW_STREAM],
  });
  /** A zone-statistics body (a zone reference and the filters) answered with its figures. */
  const answerZoneStatisticsBody = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = parseInput(zoneStatisticsRequestSchema, request.body, 'body');
    return answerZoneStatistics(
      database,
      statisticsCache,
      request,
      reply,
      await realEstateZoneOf(database, request, body),
      body,
    );
  };
  app.post('/v1/real-estate/zone-statistics', postRealEstateZoneStatisticsDocumentation, answerZoneStatisticsBody);

  /** Every lot of the zone (the "Voir toutes les transactions" list, the worker, the CSV export). */
  const postRealEstateZoneTransactionsDocumentation = documented({
    tag: 'real-estate',
    summary: 'Tous les lots DVF d’une zone (liste complète, export CSV)',
    body: zoneStatisticsRequestSchema,
    response: z.object({ transactions: lotList, total: z.number() }),
    alternatives: [ARROW_STREAM],
  });
  app.post('/v1/real-estate/zone-transactions', postRealEstateZoneTransactionsDocumentation, async (request, reply) => {
    const body = parseInput(zoneStatisticsRequestSchema, request.body, 'body');
    const lots = await selectZoneLots(
      database,
      await realEstateZoneOf(database, request, body),
      body.filters,
      undefined,
    );
    noindex(reply);
    reply.header('X-Transaction-Count', String(lots.length));
    request.deadline.throwIfExpired();
    if (wantsArrow(request)) {
      return reply.type(ARROW_TYPE).send(Buffer.from(await lotsToArrow(lots, () => request.deadline.checkpoint())));
    }
    // Written in slices: the lots of a whole city are tens of megabytes of JSON.
    const transactions = await jsonArrayInSlices(lots, toLot, request.deadline);
    return reply.type(JSON_TYPE).send(`{"transactions":${transactions},"total":${lots.length}}`);
  });

  const getRealEstateMapClustersDocumentation = documented({
    tag: 'real-estate',
    summary: 'Regroupements de ventes sur une grille d’environ 60 px pour la vue de carte',
    query: clustersQuerySchema,
    response: z.object({
      clusters: z.array(z.object({ count: z.number() }).loose()),
      total_transactions: z.number(),
      zoom_level: z.number(),
      search_time_ms: z.number(),
    }),
  });
  app.get('/v1/real-estate/map/clusters', getRealEstateMapClustersDocumentation, async (request, reply) => {
    const startedAt = performance.now();
    const query = parseInput(clustersQuerySchema, request.query, 'query');
    const clusters = await selectClusters(database, query);
    noindex(reply);
    return {
      clusters,
      total_transactions: clusters.reduce((sum, cluster) => sum + cluster.count, 0),
      zoom_level: query.zoom,
      search_time_ms: Math.round(performance.now() - startedAt),
    };
  });

  const postRealEstateDocumentation = documented({
    tag: 'real-estate',
    summary: 'Statistiques DVF d’une zone (ancienne adresse de zone-statistics)',
    body: zoneStatisticsRequestSchema,
    response: zoneStatisticsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/real-estate', postRealEstateDocumentation, answerZoneStatisticsBody);

  const postRealEstateCoordinatesDocumentation = documented({
    tag: 'real-estate',
    summary: 'Statistiques DVF d’un cercle autour d’un point (rayon en km)',
    body: coordinatesSchema,
    response: zoneStatisticsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/real-estate/coordinates', postRealEstateCoordinatesDocumentation, async (request, reply) => {
    const body = parseInput(coordinatesSchema, request.body, 'body');
    const [longitude, latitude] = Array.isArray(body.coordinates)
      ? body.coordinates
      : body.coordinates
        ? [body.coordinates.lon, body.coordinates.lat]
        : [body.longitude, body.latitude];
    if (longitude === undefined || latitude === undefined) {
      throw badRequest('corps « coordinates » : coordonnées requises', {
        errors: [{ field: 'coordinates', message: 'requis' }],
      });
    }
    const geojson = await selectCircle(database, longitude, latitude, body.radius);
    return answerZoneStatistics(database, statisticsCache, request, reply, { kind: 'geometry', geojson }, body);
  });

  const postRealEstateZoneDocumentation = documented({
    tag: 'real-estate',
    summary: 'Statistiques DVF d’une zone : référence (`kind`) ou zone envoyée comme Feature (ancien format)',
    body: legacyZoneSchema,
    response: zoneStatisticsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/real-estate/zone', postRealEstateZoneDocumentation, async (request, reply) => {
    if (isZoneReference((request.body as { zone?: unknown } | undefined)?.zone)) {
      return answerZoneStatisticsBody(request, reply);
    }
    const { zone, ...body } = parseInput(wholeZoneSchema, request.body, 'body');
    const geometry = parseInput(
      z.object({ geometry: polygonInputSchema }),
      { geometry: zone.geometry },
      'body',
    ).geometry;
    return answerZoneStatistics(
      database,
      statisticsCache,
      request,
      reply,
      { kind: 'geometry', geojson: JSON.stringify(geometry) },
      body,
    );
  });
};
