import type { Zone } from '../../../kernel/zones/Zone';
import { ApiError } from '../../api/ApiError';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** `/api/user-zones`: the zones saved for the visitor (cookies sent). */
export function createZonesApi(client: HttpClient = apiClient) {
  return {
    /** The saved zones; a 401 or any other failure gives an empty list. */
    async list(includeGeometry = true): Promise<Zone[]> {
      try {
        const zones = await client.get<Zone[]>('/user-zones', {
          params: { include_geometry: includeGeometry },
          credentials: true,
        });
        return Array.isArray(zones) ? zones.map((zone) => ({ ...zone, savedOnServer: true })) : [];
      } catch {
        return [];
      }
    },
    /** Saves a zone (idempotent by id); throws an ApiError whose message is the server's `detail`. */
    async save(zone: Zone): Promise<Zone> {
      const { savedOnServer: _local, ...body } = zone;
      const saved = await client.post<Zone>('/user-zones', body, { credentials: true });
      return { ...saved, savedOnServer: true };
    },
    /** Deletes one zone; a zone the server does not know is already gone. */
    async remove(id: string): Promise<void> {
      try {
        await client.delete(`/user-zones/${encodeURIComponent(id)}`, { credentials: true });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return;
        throw error;
      }
    },
    clear: async (): Promise<void> => {
      await client.delete('/user-zones', { credentials: true });
    },
  };
}

export type ZonesApi = ReturnType<typeof createZonesApi>;

export const zonesApi: ZonesApi = createZonesApi();
