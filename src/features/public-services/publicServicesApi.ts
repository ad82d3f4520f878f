import { apiClient } from '../../api/httpClient';
import type {
  PublicServiceStatistics,
  SearchResponse,
  ServedPopulation,
  ServiceCategory,
  ZoneAnalysis,
} from '../../../kernel/public-services/publicServiceSchemas';
import type { ZoneReferenceInput } from '../../../kernel/zones/zoneReference';

/** A search of services: types, with coordinates only, département filter, page. */
export interface ServiceSearch {
  serviceTypes: string[];
  limit: number;
  offset?: number;
  withCoordinatesOnly?: boolean;
  departements?: string[];
}

/** The `/api/public-services` calls (timeout 30 s, the client's retries). */
export const publicServicesApi = {
  categories(): Promise<ServiceCategory[]> {
    return apiClient
      .get<{ categories: ServiceCategory[] }>('/public-services/service-categories')
      .then((answer) => answer.categories);
  },
  search(search: ServiceSearch): Promise<SearchResponse> {
    return apiClient.get<SearchResponse>('/public-services/search', {
      params: {
        service_types: search.serviceTypes,
        limit: search.limit,
        offset: search.offset ?? 0,
        with_coordinates_only: search.withCoordinatesOnly ?? false,
        departements: search.departements?.length ? search.departements : undefined,
      },
    });
  },
  statistics(): Promise<PublicServiceStatistics> {
    return apiClient.get<PublicServiceStatistics>('/public-services/statistics');
  },
  zoneAnalysis(zone: ZoneReferenceInput): Promise<ZoneAnalysis> {
    return apiClient.post<ZoneAnalysis>('/public-services/zone-analysis', { zone });
  },
  servedPopulation(zone: ZoneReferenceInput): Promise<ServedPopulation> {
    return apiClient.post<ServedPopulation>('/public-services/served-population', { zone });
  },
};

export type PublicServicesApi = typeof publicServicesApi;
