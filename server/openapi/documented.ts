import type { z } from 'zod';

/** A response that is not JSON: vector tiles, glyphs, Arrow streams… */
export interface BinaryResponse {
  contentType: string;
  description: string;
}

/**
 * What a route tells the OpenAPI document about itself. The zod schemas are the ones the handler
 * validates with (`parseInput`) or answers with, so the description cannot drift from the code.
 */
export interface RouteDocumentation {
  /** One line, in French. */
  summary: string;
  description?: string;
  /** Groups the routes of the page (the domain word: zones, territory, isochrones…). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer: a JSON schema, or a binary content type. */
  response: z.ZodType | BinaryResponse;
  /** Status of the success answer (200 unless said). */
  status?: number;
  /** Other content types the same answer can take (`Accept: application/vnd.apache.arrow.stream`). */
  alternatives?: BinaryResponse[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDocumentation;
  }
}

/**
 * The route options that document a route: `app.get(path, documented({...}), handler)`. Every route
 * under `/api` carries one; `server/openapi/openApiRoutes.test.ts` fails for a route that does not.
 */
export function documented(documentation: RouteDocumentation): { config: { openapi: RouteDocumentation } } {
  return { config: { openapi: documentation } };
}

/** A Mapbox Vector Tile (204 when the tile is empty). */
export const VECTOR_TILE: BinaryResponse = {
  contentType: 'application/vnd.mapbox-vector-tile',
  description: 'Tuile vectorielle Mapbox (protobuf, gzip si accepté) ; 204 quand la tuile est vide',
};

/** The Arrow IPC stream a client gets by sending `Accept: application/vnd.apache.arrow.stream`. */
export const ARROW_STREAM: BinaryResponse = {
  contentType: 'application/vnd.apache.arrow.stream',
  description: 'Les mêmes données en flux Arrow IPC (en-tête Accept)',
};
