import type { RouteModule } from './AppContext';
import { coverageRoutes } from './coverage/coverageRoutes';
import { datasetRoutes } from './datasets/datasetRoutes';
import { healthRoutes } from './health/healthRoutes';

/** Every domain's routes, registered under `/api`. Add a domain here. */
export const ROUTE_MODULES: RouteModule[] = [healthRoutes, datasetRoutes, coverageRoutes];
