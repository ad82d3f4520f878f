import { apiClient, type HttpClient } from '../../api/httpClient';

/** One geocoding result: a label and its point. */
export interface GeocodedPlace {
  label: string;
  /** [longitude, latitude] */
  center: [number, number];
}

const isPoint = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length >= 2 && value.every((item) => typeof item === 'number' && Number.isFinite(item));

/** Reads one result in the shapes the geocoder may use (Mapbox-like `center`/`place_name`, GeoJSON, flat). */
function placeOf(item: unknown): GeocodedPlace | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  const properties = (record.properties ?? {}) as Record<string, unknown>;
  const geometry = record.geometry as { coordinates?: unknown } | undefined;
  const center =
    [record.center, record.coordinates, geometry?.coordinates].find(isPoint) ??
    (typeof record.longitude === 'number' && typeof record.latitude === 'number'
      ? ([record.longitude, record.latitude] as [number, number])
      : typeof record.lng === 'number' && typeof record.lat === 'number'
        ? ([record.lng, record.lat] as [number, number])
        : undefined);
  const label = [record.place_name, record.label, properties.label, record.text, record.name].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return center && label ? { label, center: [center[0], center[1]] } : undefined;
}

/** The list of results of a search answer (`features`, `results`, `suggestions` or a bare array). */
export function placesOf(body: unknown): GeocodedPlace[] {
  const record = (body ?? {}) as Record<string, unknown>;
  const list = Array.isArray(body) ? body : (record.features ?? record.results ?? record.suggestions ?? []);
  return Array.isArray(list) ? list.map(placeOf).filter((place): place is GeocodedPlace => place !== undefined) : [];
}

/** Geocoding on our BAN gazetteer: `/api/geocoding/search?query&bbox`, `/reverse?lng&lat`. */
export function createGeocodingApi(client: HttpClient = apiClient) {
  return {
    search: async (query: string, options: { bbox?: [number, number, number, number]; signal?: AbortSignal } = {}) =>
      placesOf(
        await client.get('/geocoding/search', {
          params: { query, bbox: options.bbox?.join(',') },
          retries: 1,
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      ),
    reverse: async (lng: number, lat: number) =>
      placesOf(await client.get('/geocoding/reverse', { params: { lng, lat } }))[0],
  };
}

export type GeocodingApi = ReturnType<typeof createGeocodingApi>;

export const geocodingApi: GeocodingApi = createGeocodingApi();
