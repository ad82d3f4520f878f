import {
  boundaryFeatureSchema,
  communeListSchema,
  departmentListSchema,
  irisListSchema,
  regionListSchema,
  type BoundaryFeature,
  type Commune,
  type Department,
  type IrisEntry,
  type Region,
} from '../../../kernel/territory/territorySchemas';
import type { AdministrativeLevel } from '../../../kernel/zones/Zone';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** Administrative zones: the tree's lists and one boundary per unit. */
export function createTerritoryApi(client: HttpClient = apiClient) {
  return {
    regions: async (): Promise<Region[]> => regionListSchema.parse(await client.get('/admin-zones/regions')),
    departments: async (region: string): Promise<Department[]> =>
      departmentListSchema.parse(await client.get('/admin-zones/departments', { params: { region } })),
    communes: async (department: string): Promise<Commune[]> =>
      communeListSchema.parse(await client.get('/admin-zones/communes', { params: { department, limit: 1000 } })),
    iris: async (commune: string): Promise<IrisEntry[]> =>
      irisListSchema.parse(await client.get('/admin-zones/iris', { params: { commune, limit: 1000 } })),
    boundary: async (level: AdministrativeLevel, code: string): Promise<BoundaryFeature> =>
      boundaryFeatureSchema.parse(await client.get(`/admin-zones/${level}/${encodeURIComponent(code)}/geometry`)),
  };
}

export type TerritoryApi = ReturnType<typeof createTerritoryApi>;

export const territoryApi: TerritoryApi = createTerritoryApi();
