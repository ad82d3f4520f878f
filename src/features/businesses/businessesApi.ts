import type { Feature, Geometry } from 'geojson';
import { apiClient, type HttpClient } from '../../api/httpClient';
import {
  ARROW_LIST_LIMIT,
  ARROW_TYPE,
  type BusinessList,
  type NearestCompetitors,
  type ZoneBusinessStatistics,
} from '../../../kernel/businesses/businessSchemas';
import { administrativeOf, type Zone, zoneGeometry } from '../../../kernel/zones/Zone';
import { createGeocodingApi, type GeocodedPlace } from '../geocoding/geocodingApi';
import type { NafCatalogue } from './nafCatalogue';

/** The zone part of a request: codes for administrative zones (by index, fastest), else the geometry. */
export function businessZoneRequest(zone: Zone): Record<string, unknown> {
  const administrative = administrativeOf(zone);
  if (administrative?.level === 'department') return { department_code: administrative.code };
  if (administrative?.level === 'commune') return { commune_code: administrative.code };
  if (administrative?.level === 'iris') return { iris_codes: [administrative.code] };
  const geometry = zoneGeometry(zone);
  if (!geometry) throw new Error('Aucune géométrie fournie');
  return { geometry };
}

/** One home category of a zone as `/naf_codes/business-analysis` answers it. */
export interface CategoryAnalysis {
  category: string;
  name: string;
  icon: string;
  naf_codes: string[];
  count: number;
  /** False when no loaded source lists this category in the zone's départements (the count is not known). */
  available: boolean;
  businesses: {
    siret: string;
    business_name: string | null;
    address: string | null;
    city: string | null;
    latitude: number | null;
    longitude: number | null;
    employee_range: string;
    naf_code: string | null;
    naf_label: string | null;
    source_label: string;
    source_vintage: string | null;
    demo: boolean;
  }[];
  /** Establishments per headcount band code (`NN`: none on record). */
  employee_ranges: Record<string, number>;
}

/** The NAF catalogue is kept 7 days in localStorage (key versioned). */
export const NAF_CATALOGUE_CACHE = { key: 'zonalyse-naf-catalogue-v1', maxAgeMs: 604_800_000 } as const;

/** The businesses calls (timeout 30 s and the client's retries, except the Arrow zone and searches). */
export function createBusinessesApi(
  client: HttpClient = apiClient,
  storage: Storage | undefined = globalThis.localStorage,
) {
  return {
    statistics(zone: Zone): Promise<ZoneBusinessStatistics> {
      return client.post<ZoneBusinessStatistics>('/v1/business/zone-statistics', {
        ...businessZoneRequest(zone),
        include_inactive: false,
      });
    },
    /** Every establishment of the zone as an Arrow IPC stream (for DuckDB-WASM). */
    async zoneArrow(zone: Zone): Promise<Uint8Array> {
      const bytes = await client.post<ArrayBuffer>(
        '/v1/business/zone-all-businesses',
        { ...businessZoneRequest(zone), include_inactive: false, limit: ARROW_LIST_LIMIT, offset: 0, skip_count: true },
        { responseType: 'arrayBuffer', headers: { Accept: ARROW_TYPE }, timeoutMs: 60_000 },
      );
      return new Uint8Array(bytes);
    },
    nafCodeBusinesses(zone: Zone, nafCode: string, limit = 100): Promise<BusinessList> {
      return client.post<BusinessList>('/v1/business/naf-code-businesses', {
        ...businessZoneRequest(zone),
        naf_code: nafCode,
        include_inactive: false,
        limit,
        offset: 0,
      });
    },
    /** The zone's establishments of NAF codes (the 'Par catégorie' search). */
    async polygonSearch(zone: Zone, nafCodes: string[], limit = 100): Promise<BusinessList> {
      const geometry = zoneGeometry(zone);
      if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
        throw new Error('Aucune géométrie fournie');
      }
      // The answer is `{data: {...}}`; the client unwraps `data`.
      return client.post<BusinessList>(
        '/v1/elasticsearch/search/polygon',
        { polygon: { coordinates: geometry.coordinates }, naf_codes: nafCodes, limit },
        { retries: 0 },
      );
    },
    /** The nearest establishments of NAF codes from a point, by walking time on the street graph. */
    nearestCompetitors(body: {
      longitude: number;
      latitude: number;
      naf_codes: string[];
      max_minutes: number;
      limit: number;
    }): Promise<NearestCompetitors> {
      return client.post<NearestCompetitors>('/v1/business/nearest-competitors', body, { retries: 0 });
    },
    /** The first place the geocoder finds for an address (the nearest competitors' origin). */
    async place(address: string): Promise<GeocodedPlace | undefined> {
      return (await createGeocodingApi(client).search(address))[0];
    },
    searchByName(name: string, limit = 100): Promise<BusinessList> {
      return client.post<BusinessList>('/enterprise-search/search-by-name', { name, limit }, { retries: 0 });
    },
    categoryAnalysis(
      zone: Zone,
      categories?: string[],
    ): Promise<{ categories: CategoryAnalysis[]; search_time_ms: number }> {
      return client.post('/naf_codes/business-analysis', {
        ...businessZoneRequest(zone),
        ...(categories?.length ? { categories } : {}),
        per_category_limit: 100,
      });
    },
    /** NAF rév. 2 catalogue, from the 7-day local cache when fresh (a broken cache is cleared). */
    async nafCatalogue(now = Date.now()): Promise<NafCatalogue> {
      try {
        const cached = storage?.getItem(NAF_CATALOGUE_CACHE.key);
        if (cached) {
          const { savedAt, catalogue } = JSON.parse(cached) as { savedAt: number; catalogue: NafCatalogue };
          if (now - savedAt < NAF_CATALOGUE_CACHE.maxAgeMs && catalogue?.hierarchy?.sections?.length) return catalogue;
        }
      } catch {
        storage?.removeItem(NAF_CATALOGUE_CACHE.key);
      }
      const catalogue = await client.get<NafCatalogue>('/naf_codes/all');
      try {
        storage?.setItem(NAF_CATALOGUE_CACHE.key, JSON.stringify({ savedAt: now, catalogue }));
      } catch {
        storage?.removeItem(NAF_CATALOGUE_CACHE.key);
      }
      return catalogue;
    },
    /** Census population of a zone (`metadata.population.total` of the demographics analysis), null if unknown. */
    async population(zone: Zone): Promise<number | null> {
      const answer = await client.post<{ metadata?: { population?: { total?: number | null } } }>(
        '/v1/userzone-demographics/analyze',
        { geometry: zoneGeometry(zone) ?? null, administrative: administrativeOf(zone) },
        { timeoutMs: 60_000 },
      );
      return answer.metadata?.population?.total ?? null;
    },
    /** The boundary of a département or commune (territory endpoints). */
    boundary(level: 'department' | 'commune', code: string): Promise<Feature<Geometry>> {
      return client.get<Feature<Geometry>>(`/admin-zones/${level}/${encodeURIComponent(code)}/geometry`);
    },
    /** How many counted establishments of a NAF code prefix in a zone given by codes (competition index). */
    async countByCodes(zone: Record<string, unknown>, nafCode: string): Promise<number> {
      const answer = await client.post<BusinessList>('/v1/business/naf-code-businesses', {
        ...zone,
        naf_code: nafCode,
        include_inactive: false,
        limit: 1,
        offset: 0,
      });
      return answer.total_count;
    },
  };
}

export type BusinessesApi = ReturnType<typeof createBusinessesApi>;
export const businessesApi: BusinessesApi = createBusinessesApi();
