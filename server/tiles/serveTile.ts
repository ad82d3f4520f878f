import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../http/parseInput';
import { tileAddressSchema } from './TileAddress';
import type { TileService } from './TileService';
import type { Tileset } from './Tileset';

/** Tiles change only when data is imported; the generation in the ETag makes revalidation cheap. */
const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * Answers `GET …/{z}/{x}/{y}.mvt` for a tileset: 400 for a tile outside its zooms or grid, 304
 * when `If-None-Match` holds the current ETag (nothing rendered), 204 for an empty tile, else the
 * tile (gzip-encoded when the client accepts it).
 */
export async function serveTile(
  service: TileService,
  tileset: Tileset,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const address = parseInput(tileAddressSchema(tileset.minZoom, tileset.maxZoom), request.params, 'params');
  const generation = await service.generation();
  const etag = service.etag(generation, tileset, address);
  reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL).header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((candidate) => candidate.trim() === etag)) {
    return reply.status(304).send();
  }
  const tile = await service.tile(generation, tileset, address);
  if (tile.empty) return reply.status(204).send();
  reply.type('application/vnd.mapbox-vector-tile');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('Content-Encoding', 'gzip').send(tile.gzipped);
  }
  return reply.send(gunzipSync(tile.gzipped));
}
