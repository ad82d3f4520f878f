import { type ClusteredMarkersApi, createClusteredMarkers } from '../markers/clusteredMarkers';

/** One service to draw, as the main thread sends it. */
export interface ClusterService {
  id: string;
  name: string;
  address: string;
  longitude: number;
  latitude: number;
}

/** What a site's popup lists of a service. */
export interface SiteService {
  name: string;
  address: string;
}

/**
 * The public-service markers off the main thread: one group (supercluster index) per category, in the
 * category's colour; services at the same place (to 1e-6°) form one site, so that several at one place
 * show '{n} services à cet endroit'.
 */
export function createServiceClustersWorkerApi() {
  return createClusteredMarkers<ClusterService, SiteService>({
    precision: 1e-6,
    popupItem: ({ name, address }) => ({ name, address }),
  });
}

export type ServiceClustersWorkerApi = ClusteredMarkersApi<ClusterService>;
