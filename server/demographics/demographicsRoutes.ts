import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { badRequest } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { demographicsToArrow } from '../../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE } from '../../kernel/demographics/demographicsRecord';
import { analyzeZone, type AdministrativeHint } from './analyzeZone';
import { withoutLockedFigures } from '../../kernel/subscription/demographicsAccess';
import { accessLevelOf } from '../subscription/tierGate';
import { checkGeometry, selectCircle } from './demographicsRepository';
import { ARROW_STREAM, documented } from '../openapi/documented';

/** The message when the body holds no usable geometry. */
export const INVALID_GEOMETRY = 'Invalid geometry format';

const POLYGONAL = new Set(['Polygon', 'MultiPolygon']);

/**
 * A GeoJSON geometry, a Feature or a FeatureCollection (its first feature's geometry);
 * only polygonal geometries cover IRIS. Anything else is a 400 'Invalid geometry format'.
 */
export function polygonOf(value: unknown): { type: string; coordinates: unknown } {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  const geometry =
    record?.type === 'FeatureCollection'
      ? ((record.features as { geometry?: unknown }[] | undefined)?.[0]?.geometry as Record<string, unknown>)
      : record?.type === 'Feature'
        ? (record.geometry as Record<string, unknown>)
        : record;
  if (
    !geometry ||
    typeof geometry.type !== 'string' ||
    !POLYGONAL.has(geometry.type) ||
    !Array.isArray(geometry.coordinates) ||
    geometry.coordinates.length === 0
  ) {
    throw badRequest(INVALID_GEOMETRY, { field: 'geometry' });
  }
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[];
  const position = (value: unknown) =>
    Array.isArray(value) &&
    value.length >= 2 &&
    value.every((number) => typeof number === 'number' && Number.isFinite(number));
  const ring = (value: unknown) => Array.isArray(value) && value.length >= 4 && value.every(position);
  if (!polygons.every((polygon) => Array.isArray(polygon) && polygon.length > 0 && polygon.every(ring))) {
    throw badRequest(`${INVALID_GEOMETRY} : anneau de moins de 4 positions ou coordonnées non numériques`, {
      field: 'geometry',
    });
  }
  return { type: geometry.type, coordinates: geometry.coordinates };
}

const administrativeSchema = z
  .object({ level: z.enum(['region', 'department', 'commune', 'iris']), code: z.string().trim().min(2).max(9) })
  .optional();

const analyzeBody = z.object({ geometry: z.unknown().optional(), administrative: administrativeSchema });

const zoneBody = z.object({
  zone: z.object({
    geometry: z.unknown().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
});

const coordinatesBody = z.object({
  coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  /** Kilometres (default 1). */
  radius: z.number().positive().max(50).default(1),
});

/** The administrative level and code of a zone picked from the tree. */
function hintOf(properties: Record<string, unknown> | undefined): AdministrativeHint | undefined {
  const parsed = administrativeSchema.safeParse(
    properties?.type === 'administrative' ? { level: properties.level, code: properties.code } : undefined,
  );
  return parsed.success ? parsed.data : undefined;
}

/** Top-level shape of the analyze answer (`DemographicsAnswer`): the zone's IRIS and the metadata. */
const demographicsResponse = z
  .object({
    iris_zones: z.array(
      z
        .object({
          iris_code: z.string(),
          iris_name: z.string(),
          coverage_ratio: z.number(),
          groups: z.record(
            z.string(),
            z.object({ vintage: z.number(), values: z.record(z.string(), z.number().nullable()) }),
          ),
        })
        .loose(),
    ),
    metadata: z.record(z.string(), z.unknown()),
  })
  .loose();

const wantsArrow = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ARROW_STREAM_TYPE);

/**
 * Demographics of a zone: the IRIS it covers with their coverage ratios and INSEE figures.
 * Answers JSON, or an Arrow IPC stream when the client's Accept header asks for it.
 */
export const demographicsRoutes: RouteModule = (app, { database }) => {
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    geometry: unknown,
    administrative: AdministrativeHint | undefined,
  ) => {
    const polygon = polygonOf(geometry);
    const json = JSON.stringify(polygon);
    const problem = await checkGeometry(database, json);
    if (problem) throw badRequest(`${INVALID_GEOMETRY} : ${problem}`, { field: 'geometry' });
    // The figures of the tabs the visitor's tier does not open are not sent at all.
    const result = withoutLockedFigures(await analyzeZone(database, json, administrative), accessLevelOf(request.user));
    if (wantsArrow(request)) {
      return reply.type(ARROW_STREAM_TYPE).send(Buffer.from(demographicsToArrow(result)));
    }
    return result;
  };

  const postUserzoneDemographicsAnalyzeDocumentation = documented({
    tag: 'demographics',
    summary: 'IRIS couverts par une zone (taux de couverture) et leurs chiffres INSEE',
    body: analyzeBody,
    response: demographicsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post(
    '/v1/userzone-demographics/analyze',
    postUserzoneDemographicsAnalyzeDocumentation,
    async (request, reply) => {
      const body = parseInput(analyzeBody, request.body, 'body');
      return answer(request, reply, body.geometry, body.administrative);
    },
  );

  const postDemographicsDocumentation = documented({
    tag: 'demographics',
    summary: 'Comme /v1/userzone-demographics/analyze',
    body: analyzeBody,
    response: demographicsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/demographics', postDemographicsDocumentation, async (request, reply) => {
    const body = parseInput(analyzeBody, request.body, 'body');
    return answer(request, reply, body.geometry, body.administrative);
  });

  const postDemographicsZoneDocumentation = documented({
    tag: 'demographics',
    summary: 'Démographie d’une zone envoyée entière (géométrie et propriétés)',
    body: zoneBody,
    response: demographicsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/demographics/zone', postDemographicsZoneDocumentation, async (request, reply) => {
    const { zone } = parseInput(zoneBody, request.body, 'body');
    return answer(request, reply, zone.geometry, hintOf(zone.properties));
  });

  const postDemographicsCoordinatesDocumentation = documented({
    tag: 'demographics',
    summary: 'Démographie d’un cercle autour d’un point (rayon en km, 1 par défaut)',
    body: coordinatesBody,
    response: demographicsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/demographics/coordinates', postDemographicsCoordinatesDocumentation, async (request, reply) => {
    const { coordinates, radius } = parseInput(coordinatesBody, request.body, 'body');
    const circle = await selectCircle(database, coordinates, radius * 1000);
    return answer(request, reply, circle, undefined);
  });
};
