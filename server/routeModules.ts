import type { RouteModule } from './AppContext';
import { adminZonesRoutes } from './adminZones/adminZonesRoutes';
import { basemapRoutes } from './basemap/basemapRoutes';
import { coverageRoutes } from './coverage/coverageRoutes';
import { demographicsRoutes } from './demographics/demographicsRoutes';
import { datasetRoutes } from './datasets/datasetRoutes';
import { geocodingRoutes } from './geocoding/geocodingRoutes';
import { healthRoutes } from './health/healthRoutes';
import { irisRoutes } from './iris/irisRoutes';
import { isochroneRoutes } from './routing/isochroneRoutes';
import { realEstateRoutes } from './real-estate/realEstateRoutes';
import { areaTileRoutes } from './tiles/areaTileRoutes';
import { userZonesRoutes } from './userZones/userZonesRoutes';

/** Every domain's routes, registered under `/api`. Add a domain here. */
export const ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  datasetRoutes,
  coverageRoutes,
  basemapRoutes,
  areaTileRoutes,
  irisRoutes,
  adminZonesRoutes,
  userZonesRoutes,
  demographicsRoutes,
  isochroneRoutes,
  geocodingRoutes,
  realEstateRoutes,
];
