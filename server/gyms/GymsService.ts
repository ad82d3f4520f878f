import { chainOf, GYM_CHAINS } from '../../kernel/gyms/gymChains';
import { GYM_NAF_CODES, type Gym, type GymSearch, type GymSearchRequest } from '../../kernel/gyms/gymSchemas';
import type { BusinessesService } from '../businesses/BusinessesService';
import { selectBusinessesByIds } from '../businesses/businessesRepository';
import type { Database } from '../db/Database';
import { notFound } from '../http/HttpError';
import { selectGyms, type GymRow } from './gymsRepository';

/** At most this many gyms are read before the chain filter and the page. */
const READ_LIMIT = 5_000;

export const CHAIN_METHOD =
  'Chaînes reconnues aux noms (dénomination, enseigne) des établissements NAF 93.13Z, d’après une liste tenue dans Zonalyse : les données ouvertes ne donnent pas la chaîne.';

const nameOf = (row: { denomination: string | null; enseigne: string | null }) =>
  row.enseigne || row.denomination || 'Sans nom';

/** Gyms (NAF 93.13Z) with their chain recognised from their names. */
export class GymsService {
  constructor(
    private readonly database: Database,
    private readonly businesses: BusinessesService,
  ) {}

  async search(request: GymSearchRequest): Promise<GymSearch> {
    const startedAt = performance.now();
    const near = request.coordinates
      ? { coordinates: request.coordinates, radiusMetres: request.maxDistance * 1_000 }
      : undefined;
    const rows = await selectGyms(this.database, GYM_NAF_CODES, near, request.name, READ_LIMIT);
    const wanted = new Set<string>(request.chains);
    const kept = rows.filter((row) => {
      const chain = chainOf(row.enseigne, row.denomination);
      if (request.independent_only) return chain === null;
      return wanted.size === 0 || (chain !== null && wanted.has(chain.key));
    });
    const page = kept.slice(request.offset, request.offset + request.limit);
    return {
      gyms: await this.toGyms(page),
      returned_count: page.length,
      total_count: kept.length,
      search_time_ms: Math.round(performance.now() - startedAt),
    };
  }

  async byId(id: string): Promise<Gym> {
    const [gym] = await this.toGyms([{ id, denomination: null, enseigne: null, metres: null }]);
    if (!gym || !gym.naf_code || !(GYM_NAF_CODES as readonly string[]).includes(gym.naf_code))
      throw notFound(`Salle de sport introuvable : ${id}`);
    return gym;
  }

  async chains() {
    const rows = await selectGyms(this.database, GYM_NAF_CODES, undefined, undefined, READ_LIMIT);
    const counts = new Map<string, number>();
    let independent = 0;
    for (const row of rows) {
      const chain = chainOf(row.enseigne, row.denomination);
      if (chain) counts.set(chain.key, (counts.get(chain.key) ?? 0) + 1);
      else independent += 1;
    }
    return {
      chains: GYM_CHAINS.map((chain) => ({ key: chain.key, name: chain.name, count: counts.get(chain.key) ?? 0 })),
      independent_count: independent,
      method: CHAIN_METHOD,
    };
  }

  async brands() {
    const rows = await selectGyms(this.database, GYM_NAF_CODES, undefined, undefined, READ_LIMIT);
    const brands = new Map<string, { name: string; chain: string | null; count: number }>();
    for (const row of rows) {
      const name = nameOf(row);
      const entry = brands.get(name) ?? { name, chain: chainOf(row.enseigne, row.denomination)?.key ?? null, count: 0 };
      entry.count += 1;
      brands.set(name, entry);
    }
    return {
      brands: [...brands.values()]
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'fr'))
        .slice(0, 200),
    };
  }

  private async toGyms(rows: readonly GymRow[]): Promise<Gym[]> {
    const details = await selectBusinessesByIds(
      this.database,
      rows.map((row) => row.id),
    );
    const byId = new Map((await this.businesses.toBusinesses(details)).map((business) => [business.id, business]));
    return rows.flatMap((row) => {
      const business = byId.get(row.id);
      if (!business) return [];
      const chain = chainOf(business.enseigne, business.denomination);
      return [
        {
          ...business,
          name: nameOf(business),
          chain: chain?.key ?? null,
          chain_name: chain?.name ?? null,
          distance_km: row.metres === null ? null : Math.round(row.metres) / 1_000,
        },
      ];
    });
  }
}
