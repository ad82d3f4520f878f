import type { RouteModule } from '../AppContext';
import { areaTileset, type AreaLevel } from './areaTileRepository';
import { serveTile } from '../tiles/serveTile';
import { tileServiceFor } from '../tiles/tileServiceFor';
import { documented, VECTOR_TILE } from '../openapi/documented';
import { tileAddressSchema } from '../tiles/TileAddress';

/** URL segment of each level under `/api/tiles/{level}/…`. */
export const AREA_TILE_PATHS: Record<AreaLevel, string> = {
  iris: 'iris',
  commune: 'communes',
  departement: 'departements',
  region: 'regions',
};

/**
 * Indicator tiles (zoom 5–14): `/api/iris/static-tiles/{z}/{x}/{y}.mvt` and `/api/iris/tiles/…`
 * (layer `iris_geometry`, promoted id `iris_code`), and `/api/tiles/{iris|communes|departements|regions}/…`
 * (layers `…_geometry`, promoted id `code`), each with the common indicators in its properties.
 */
export const areaTileRoutes: RouteModule = (app, context) => {
  const tiles = tileServiceFor(context);
  const iris = areaTileset('iris');
  const irisDocumentation = documented({
    tag: 'visualizations',
    summary: 'Tuile des IRIS (couche iris_geometry, identifiant iris_code) avec leurs indicateurs',
    params: tileAddressSchema(iris.minZoom, iris.maxZoom),
    response: VECTOR_TILE,
  });
  app.get('/iris/static-tiles/:z/:x/:y.mvt', irisDocumentation, (request, reply) =>
    serveTile(tiles, iris, request, reply),
  );
  app.get('/iris/tiles/:z/:x/:y.mvt', irisDocumentation, (request, reply) => serveTile(tiles, iris, request, reply));
  for (const [level, path] of Object.entries(AREA_TILE_PATHS) as [AreaLevel, string][]) {
    const tileset = areaTileset(level);
    const documentation = documented({
      tag: 'visualizations',
      summary: `Tuile des ${path} (couche ${level}_geometry, identifiant code) avec leurs indicateurs`,
      params: tileAddressSchema(tileset.minZoom, tileset.maxZoom),
      response: VECTOR_TILE,
    });
    app.get(`/tiles/${path}/:z/:x/:y.mvt`, documentation, (request, reply) =>
      serveTile(tiles, tileset, request, reply),
    );
  }
};
