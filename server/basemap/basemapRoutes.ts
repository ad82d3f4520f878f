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
import { documented, VECTOR_TILE } from '../openapi/documented';
import { tileAddressSchema } from '../tiles/TileAddress';

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

  const getBasemapDocumentation = documented({
    tag: 'basemap',
    summary: 'Tuile du fond de carte (terres, départements, communes, lieux, rues)',
    params: tileAddressSchema(BASEMAP_TILESET.minZoom, BASEMAP_TILESET.maxZoom),
    response: VECTOR_TILE,
  });
  app.get('/basemap/:z/:x/:y.mvt', getBasemapDocumentation, (request, reply) =>
    serveTile(tiles, BASEMAP_TILESET, request, reply),
  );

  const getBasemapStyleDocumentation = documented({
    tag: 'basemap',
    summary: 'Style MapLibre du fond de carte, clair ou sombre',
    query: styleQuery,
    response: z
      .object({ version: z.literal(8), sources: z.record(z.string(), z.unknown()), layers: z.array(z.unknown()) })
      .loose(),
  });
  app.get('/basemap/style.json', getBasemapStyleDocumentation, async (request, reply) => {
    const { theme } = parseInput(styleQuery, request.query, 'query');
    const style = buildBasemapStyle({ origin: requestOrigin(request), theme, generation: await tiles.generation() });
    return reply.header('Cache-Control', 'no-cache').send(style);
  });

  const getBasemapFontsDocumentation = documented({
    tag: 'basemap',
    summary: 'Glyphes (champ de distance signé) de 256 points de code d’une police Noto Sans',
    params: glyphParams,
    response: { contentType: 'application/x-protobuf', description: 'Glyphes PBF au format MapLibre' },
  });
  app.get('/basemap/fonts/:fontstack/:range.pbf', getBasemapFontsDocumentation, async (request, reply) => {
    const { fontstack, range } = parseInput(glyphParams, request.params, 'params');
    const font = resolveFontStack(fontstack);
    if (!font) throw notFound(`Police inconnue : ${fontstack} (disponibles : Noto Sans Regular, Noto Sans Bold)`);
    const bytes = await glyphs.get(font, Number(range.split('-')[0]));
    return reply
      .type('application/x-protobuf')
      .header('Cache-Control', 'public, max-age=604800, immutable')
      .send(Buffer.from(bytes));
  });

  const getMapConfigDocumentation = documented({
    tag: 'basemap',
    summary: 'Style de carte à charger : MAP_STYLE_URL s’il est défini, sinon nos styles',
    response: z.object({
      styleUrl: z.string().nullable(),
      selfHosted: z.boolean(),
      basemapStyles: z.object({ light: z.string(), dark: z.string() }),
    }),
  });
  app.get('/map/config', getMapConfigDocumentation, async (request) => {
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
