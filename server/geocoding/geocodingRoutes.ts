import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { parseInput } from '../http/parseInput';
import type { Bbox } from './geocodingRepository';
import { GeocodingService } from './GeocodingService';
import { documented } from '../openapi/documented';
import { geocodingResponseSchema } from '../../kernel/geocoding/geocodingSchemas';

const bboxSchema = z
  .string()
  .transform((text) => text.split(',').map((part) => Number(part.trim())))
  .refine(
    (parts) =>
      parts.length === 4 &&
      parts.every(Number.isFinite) &&
      (parts[0] as number) < (parts[2] as number) &&
      (parts[1] as number) < (parts[3] as number),
    'attendu : ouest,sud,est,nord (ouest < est, sud < nord)',
  )
  .transform((parts) => parts as unknown as Bbox);

const searchSchema = z.object({
  query: z.string().trim().min(1, 'adresse vide').max(200),
  bbox: bboxSchema.optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

const reverseSchema = z.object({
  lng: z.coerce.number().min(-180).max(180),
  lat: z.coerce.number().min(-90).max(90),
});

/** `GET /api/geocoding/search?query&bbox=w,s,e,n&limit` and `GET /api/geocoding/reverse?lng&lat`. */
export const geocodingRoutes: RouteModule = (app, { database }) => {
  const service = new GeocodingService(database);

  const getGeocodingSearchDocumentation = documented({
    tag: 'geocoding',
    summary: 'Recherche d’adresses (BAN) et de communes',
    query: searchSchema,
    response: geocodingResponseSchema,
  });
  app.get('/geocoding/search', getGeocodingSearchDocumentation, async (request) => {
    const { query, bbox, limit } = parseInput(searchSchema, request.query, 'query');
    return service.search(query, { bbox, limit });
  });

  const getGeocodingReverseDocumentation = documented({
    tag: 'geocoding',
    summary: 'Adresse BAN la plus proche (250 m), sinon la commune qui contient le point',
    query: reverseSchema,
    response: geocodingResponseSchema,
  });
  app.get('/geocoding/reverse', getGeocodingReverseDocumentation, async (request) => {
    const { lng, lat } = parseInput(reverseSchema, request.query, 'query');
    return service.reverse(lng, lat);
  });
};
