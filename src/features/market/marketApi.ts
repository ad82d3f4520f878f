import { apiClient, type HttpClient } from '../../api/httpClient';
import type {
  Analysis,
  Competition,
  Potential,
  CompetitionRequest,
  AnalysisRequest,
  PotentialRequest,
} from '../../../kernel/market/marketSchemas';
import type { GymChains, GymSearch, GymSearchRequest } from '../../../kernel/gyms/gymSchemas';
import { placesOf, type GeocodedPlace } from '../geocoding/geocodingApi';

type Input<T> = Partial<T>;

/** The market and gyms endpoints and the address lookup of the Géomarketing panel. */
export function createMarketApi(client: HttpClient = apiClient) {
  return {
    potential: (body: Input<PotentialRequest>) => client.post<Potential>('/market/potential', body),
    competition: (body: Input<CompetitionRequest>) => client.post<Competition>('/market/competition', body),
    analysis: (body: Input<AnalysisRequest>) => client.post<Analysis>('/market/analysis', body, { timeoutMs: 60_000 }),
    gyms: (body: Input<GymSearchRequest>) => client.post<GymSearch>('/gyms/search', body),
    gymChains: () => client.get<GymChains>('/gyms/chains'),
    place: async (query: string): Promise<GeocodedPlace | undefined> =>
      placesOf(await client.get('/geocoding/search', { params: { query }, retries: 1 }))[0],
  };
}

export type MarketApi = ReturnType<typeof createMarketApi>;
export const marketApi: MarketApi = createMarketApi();
