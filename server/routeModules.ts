import type { RouteModule } from './AppContext';
import { accountRoutes } from './account/accountRoutes';
import { mailInboxRoutes } from './mail/mailInboxRoutes';
import { localPaymentRoutes } from './subscription/localPaymentRoutes';
import { stripeWebhookRoutes } from './subscription/stripeWebhookRoutes';
import { subscriptionRoutes } from './subscription/subscriptionRoutes';
import { territoryRoutes } from './territory/territoryRoutes';
import { businessesRoutes } from './businesses/businessesRoutes';
import { basemapRoutes } from './basemap/basemapRoutes';
import { coverageRoutes } from './coverage/coverageRoutes';
import { demographicsRoutes } from './demographics/demographicsRoutes';
import { exportRoutes } from './export/exportRoutes';
import { datasetRoutes } from './datasets/datasetRoutes';
import { geocodingRoutes } from './geocoding/geocodingRoutes';
import { healthRoutes } from './health/healthRoutes';
import { irisRoutes } from './visualizations/irisRoutes';
import { isochroneRoutes } from './isochrones/isochronesRoutes';
import { marketRoutes } from './market/marketRoutes';
import { gymsRoutes } from './gyms/gymsRoutes';
import { publicServicesRoutes } from './public-services/publicServicesRoutes';
import { realEstateRoutes } from './real-estate/realEstateRoutes';
import { areaTileRoutes } from './visualizations/areaTileRoutes';
import { zonesRoutes } from './zones/zonesRoutes';

/** Every domain's routes, registered under `/api`. Add a domain here. */
export const ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  datasetRoutes,
  coverageRoutes,
  basemapRoutes,
  areaTileRoutes,
  irisRoutes,
  territoryRoutes,
  zonesRoutes,
  demographicsRoutes,
  isochroneRoutes,
  geocodingRoutes,
  realEstateRoutes,
  publicServicesRoutes,
  businessesRoutes,
  marketRoutes,
  gymsRoutes,
  exportRoutes,
  accountRoutes,
  subscriptionRoutes,
  localPaymentRoutes,
  stripeWebhookRoutes,
  mailInboxRoutes,
];
