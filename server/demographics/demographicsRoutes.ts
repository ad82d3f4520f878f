import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { AnswerCache } from '../http/AnswerCache';
import { badRequest } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { demographicsToArrow } from '../../kernel/demographics/demographicsArrow';
import { ARROW_STREAM_TYPE, type DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { analyzeZone, type AdministrativeHint } from './analyzeZone';
import { lockedFiguresFilter, lockedMetadata } from '../../kernel/subscription/demographicsAccess';
import { jsonArrayInSlices, mapInSlices } from '../http/jsonArrayInSlices';
import { accessLevelOf } from '../subscription/tierGate';
import { checkGeometry, selectCircle } from './demographicsRepository';
import { ARROW_STREAM, documented } from '../openapi/documented';
import { polygonGeometrySchema, unwrapFeature, type ZonePolygon } from '../../kernel/zones/polygonGeometry';
import { isZoneReference, zoneReferenceSchema, type ZoneReference } from '../../kernel/zones/zoneReference';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import { zoneOwnerOf } from '../zones/zoneOwner';

/** The message when the body holds no usable geometry. */
export const INVALID_GEOMETRY = 'Invalid geometry format';

/**
 * A GeoJSON Polygon/MultiPolygon, a Feature or a FeatureCollection (its first feature's geometry),
 * checked by the one polygon schema. Not a polygonal geometry at all: 400 'Invalid geometry format';
 * a polygon with a bad ring or position: the same message followed by the field and the problem.
 */
export function polygonOf(value: unknown): ZonePolygon {
  const geometry = unwrapFeature(value) as { type?: unknown; coordinates?: unknown } | undefined;
  if (
    !geometry ||
    typeof geometry !== 'object' ||
    (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon') ||
    !Array.isArray(geometry.coordinates) ||
    geometry.coordinates.length === 0
  ) {
    throw badRequest(INVALID_GEOMETRY, { field: 'geometry' });
  }
  const parsed = polygonGeometrySchema.safeParse(geometry);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = ['geometry', ...(issue?.path ?? [])].join('.');
  throw badRequest(`${INVALID_GEOMETRY} : corps « ${field} » : ${issue?.message ?? 'géométrie invalide'}`, {
    field: 'geometry',
    errors: [{ field, message: issue?.message }],
  });
}

const administrativeSchema = z
  .object({ level: z.enum(['region', 'department', 'commune', 'iris']), code: z.string().trim().min(2).max(9) })
  .optional();

const analyzeBody = z.object({
  /** The zone by reference (saved id, territory unit or geometry); else `geometry` (+ `administrative`). */
  zone: zoneReferenceSchema.optional(),
  geometry: z.unknown().optional(),
  administrative: administrativeSchema,
});

/** The older whole-zone body of /demographics/zone. */
const wholeZone = z.object({
  geometry: z.unknown().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const zoneBody = z.object({ zone: z.union([zoneReferenceSchema, wholeZone]) });
const referenceBody = z.object({ zone: zoneReferenceSchema });
const wholeZoneBody = z.object({ zone: wholeZone });

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

/** IRIS records filtered and written per turn of the event loop (each holds a few hundred figures). */
const DEMOGRAPHICS_SLICE_SIZE = 100;

const wantsArrow = (request: FastifyRequest) => (request.headers.accept ?? '').includes(ARROW_STREAM_TYPE);

/**
 * Demographics of a zone: the IRIS it covers with their coverage ratios and INSEE figures.
 * Answers JSON, or an Arrow IPC stream when the client's Accept header asks for it.
 */
export const demographicsRoutes: RouteModule = (app, { database }) => {
  // The same zone analysed again (another tab, another visitor of the same territory) is computed once.
  const analyses = new AnswerCache<DemographicsAnswer>({ maxEntries: 100 });
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    geometry: unknown,
    administrative: AdministrativeHint | undefined,
  ) => {
    const json = JSON.stringify(polygonOf(geometry));
    const problem = await checkGeometry(database, json);
    if (problem) throw badRequest(`${INVALID_GEOMETRY} : ${problem}`, { field: 'geometry' });
    // The figures of the tabs the visitor's tier does not open are not sent at all.
    const analysis = await analyses.get(database, [json, administrative ?? null], () =>
      analyzeZone(database, json, administrative),
    );
    // A zone of thousands of IRIS (a département, a polygon over France) is filtered and written in
    // slices, with a turn of the event loop between them: health checks and other requests are not held up.
    const level = accessLevelOf(request.user);
    const metadata = lockedMetadata(analysis.metadata, level);
    if (wantsArrow(request)) {
      const records = await mapInSlices(analysis.iris_zones, lockedFiguresFilter(level), request.deadline);
      return reply.type(ARROW_STREAM_TYPE).send(Buffer.from(demographicsToArrow({ iris_zones: records, metadata })));
    }
    const records = await jsonArrayInSlices(analysis.iris_zones, lockedFiguresFilter(level), request.deadline, {
      sliceSize: DEMOGRAPHICS_SLICE_SIZE,
    });
    return reply
      .type('application/json; charset=utf-8')
      .send(`{"iris_zones":${records},"metadata":${JSON.stringify(metadata)}}`);
  };

  /** The zone field: resolved once (saved → the owner's zone; territory → its unit, analysed by its IRIS). */
  const answerReference = async (request: FastifyRequest, reply: FastifyReply, reference: ZoneReference) => {
    const zone = await resolveZone(database, reference, zoneOwnerOf(request));
    const outline = JSON.parse(await zoneOutlineJson(database, zone)) as unknown;
    return answer(
      request,
      reply,
      outline,
      zone.kind === 'territory' ? { level: zone.level, code: zone.code } : undefined,
    );
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
      if (body.zone) return answerReference(request, reply, body.zone);
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
    if (body.zone) return answerReference(request, reply, body.zone);
    return answer(request, reply, body.geometry, body.administrative);
  });

  const postDemographicsZoneDocumentation = documented({
    tag: 'demographics',
    summary: 'Démographie d’une zone : référence (`kind`) ou zone envoyée entière (géométrie et propriétés)',
    body: zoneBody,
    response: demographicsResponse,
    alternatives: [ARROW_STREAM],
  });
  app.post('/demographics/zone', postDemographicsZoneDocumentation, async (request, reply) => {
    const value = (request.body as { zone?: unknown } | undefined)?.zone;
    if (isZoneReference(value)) {
      return answerReference(request, reply, parseInput(referenceBody, request.body, 'body').zone);
    }
    const { zone } = parseInput(wholeZoneBody, request.body, 'body');
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
