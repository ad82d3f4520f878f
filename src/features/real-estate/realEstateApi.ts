import { apiClient } from '../../api/httpClient';
import type { ClustersResponse, ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters, RealEstateSearchResult } from '../../../kernel/real-estate/realEstateTypes';
import { type Zone, zoneReferenceOf } from '../../../kernel/zones/Zone';

/** The zone part of a request: its reference (territory unit by code, saved zone by id, else geometry). */
export function zoneRequest(zone: Zone): Record<string, unknown> {
  const reference = zoneReferenceOf(zone);
  return reference ? { zone: reference } : {};
}

/** Empty values removed (empty means unset). */
export function cleanFilters(filters: RealEstateFilters): RealEstateFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  ) as RealEstateFilters;
}

export interface SearchResponse {
  transactions: RealEstateSearchResult[];
  total: number;
  page: number;
  total_pages: number;
  search_time_ms: number;
}

export const realEstateApi = {
  zoneStatistics(zone: Zone, filters: RealEstateFilters, sampleSize = 200): Promise<ZoneStatistics> {
    return apiClient.post<ZoneStatistics>('/v1/real-estate/zone-statistics', {
      ...zoneRequest(zone),
      include_temporal: true,
      temporal_granularity: 'month',
      include_sample_transactions: sampleSize > 0,
      sample_size: sampleSize,
      filters: cleanFilters(filters),
    });
  },
  /** Every lot of the zone as an Arrow IPC stream (for the DuckDB worker and the CSV export). */
  zoneTransactionsArrow(zone: Zone, filters: RealEstateFilters): Promise<ArrayBuffer> {
    return apiClient.post<ArrayBuffer>(
      '/v1/real-estate/zone-transactions',
      { ...zoneRequest(zone), include_temporal: false, filters: cleanFilters(filters) },
      { responseType: 'arrayBuffer', headers: { Accept: 'application/vnd.apache.arrow.stream' }, timeoutMs: 60_000 },
    );
  },
  search(filters: RealEstateFilters, page: number): Promise<SearchResponse> {
    return apiClient.post<SearchResponse>('/v1/real-estate/search', {
      filters: cleanFilters(filters),
      page,
      page_size: 50,
      include_statistics: false,
      sort_by: 'date_mutation',
      sort_order: 'desc',
    });
  },
  clusters(
    bounds: { north: number; south: number; east: number; west: number },
    zoom: number,
    signal?: AbortSignal,
  ): Promise<ClustersResponse> {
    return apiClient.get<ClustersResponse>('/v1/real-estate/map/clusters', {
      params: { ...bounds, zoom: Math.round(zoom) },
      retries: 0,
      ...(signal ? { signal } : {}),
    });
  },
};

export type RealEstateApi = typeof realEstateApi;
