import type { RouteModule } from './AppContext';
import { basemapRoutes } from './basemap/basemapRoutes';
import { coverageRoutes } from './coverage/coverageRoutes';
import { datasetRoutes } from './datasets/datasetRoutes';
import { healthRoutes } from './health/healthRoutes';
import { irisRoutes } from './iris/irisRoutes';
import { realEstateRoutes } from './real-estate/realEstateRoutes';
import { areaTileRoutes } from './tiles/areaTileRoutes';

/** Every domain's routes, registered under `/api`. Add a domain here. */
export const ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  datasetRoutes,
  coverageRoutes,
  basemapRoutes,
  areaTileRoutes,
  irisRoutes,
  realEstateRoutes,
];
