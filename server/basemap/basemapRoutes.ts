import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { serveTile } from '../tiles/serveTile';
import { tileServiceFor } from '../tiles/tileServiceFor';
import { BASEMAP_TILESET } from './basemapRepository';
import { buildBasemapStyle } from './basemapStyle';
import { GlyphCache } from './glyphs/GlyphCache';
import { resolveFontStack } from './glyphs/glyphRange';

/** `http://host:port` of a request, for the absolute URLs of a style. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const styleQuery = z.object({ theme: z.enum(['light', 'dark']).default('light') });
const glyphParams = z.object({
  fontstack: z.string().min(1).max(200),
  range: z
    .string()
    .regex(/^\d+-\d+$/, 'plage attendue sous la forme 0-255')
    .refine((range) => {
      const [start, end] = range.split('-').map(Number) as [number, number];
      return start % 256 === 0 && end === start + 255 && end <= 0xffff;
    }, 'plage de 256 points de code alignée (0-255, 256-511…)'),
});

/**
 * The self-hosted basemap: vector tiles, the MapLibre style (light/dark) and the glyphs of its
 * labels, plus `GET /api/map/config` telling the client which style to load (`MAP_STYLE_URL` when
 * set, ours otherwise).
 */
export const basemapRoutes: RouteModule = (app, context) => {
  const tiles = tileServiceFor(context);
  const glyphs = new GlyphCache(context.config.tileCacheDirectory);
  // Bring map_areas in step with the datasets at start rather than on the first tile.
  void tiles.generation().catch((error: unknown) => app.log.error({ err: error }, 'préparation des tuiles'));

  app.get('/basemap/:z/:x/:y.mvt', (request, reply) => serveTile(tiles, BASEMAP_TILESET, request, reply));

  app.get('/basemap/style.json', async (request, reply) => {
    const { theme } = parseInput(styleQuery, request.query, 'query');
    const style = buildBasemapStyle({ origin: requestOrigin(request), theme, generation: await tiles.generation() });
    return reply.header('Cache-Control', 'no-cache').send(style);
  });

  app.get('/basemap/fonts/:fontstack/:range.pbf', async (request, reply) => {
    const { fontstack, range } = parseInput(glyphParams, request.params, 'params');
    const font = resolveFontStack(fontstack);
    if (!font) throw notFound(`Police inconnue : ${fontstack} (disponibles : Noto Sans Regular, Noto Sans Bold)`);
    const bytes = await glyphs.get(font, Number(range.split('-')[0]));
    return reply
      .type('application/x-protobuf')
      .header('Cache-Control', 'public, max-age=604800, immutable')
      .send(Buffer.from(bytes));
  });

  app.get('/map/config', async (request) => {
    const origin = requestOrigin(request);
    const hosted = context.config.mapStyleUrl;
    return {
      styleUrl: hosted ?? null,
      selfHosted: hosted === undefined,
      basemapStyles: {
        light: `${origin}/api/basemap/style.json?theme=light`,
        dark: `${origin}/api/basemap/style.json?theme=dark`,
      },
    };
  });
};
