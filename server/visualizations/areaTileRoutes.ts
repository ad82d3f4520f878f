import type { RouteModule } from '../AppContext';
import { areaTileset, type AreaLevel } from './areaTileRepository';
import { serveTile } from '../tiles/serveTile';
import { tileServiceFor } from '../tiles/tileServiceFor';

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
  app.get('/iris/static-tiles/:z/:x/:y.mvt', (request, reply) => serveTile(tiles, iris, request, reply));
  app.get('/iris/tiles/:z/:x/:y.mvt', (request, reply) => serveTile(tiles, iris, request, reply));
  for (const [level, path] of Object.entries(AREA_TILE_PATHS) as [AreaLevel, string][]) {
    const tileset = areaTileset(level);
    app.get(`/tiles/${path}/:z/:x/:y.mvt`, (request, reply) => serveTile(tiles, tileset, request, reply));
  }
};
