import { geocodingResponseSchema, type GeocodingFeature } from '../../../kernel/geocoding/geocodingSchemas';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** One geocoding result: a label and its point ([longitude, latitude]). */
export interface GeocodedPlace {
  label: GeocodingFeature['place_name'];
  center: GeocodingFeature['center'];
}

/** The results of a `/api/geocoding/search` or `/reverse` answer, read with the server's own schema. */
export function placesOf(body: unknown): GeocodedPlace[] {
  const answer = geocodingResponseSchema.safeParse(body);
  if (!answer.success) throw new Error('Réponse inattendue du géocodeur');
  return answer.data.features.map((feature) => ({ label: feature.place_name, center: feature.center }));
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
