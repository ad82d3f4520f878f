import type { Queryable } from '../db/Database';
import { StatisticsCache } from '../businesses/StatisticsCache';
import { selectDatasetsLoadStamp } from '../businesses/businessesRepository';
import type { RealEstateFilters } from '../../kernel/real-estate/realEstateTypes';
import { selectDepartementMedianPricePerM2 } from './realEstateRepository';

/**
 * The département median €/m² that every zone snapshot compares with, kept per database, loaded datasets,
 * département and filters: it is a percentile over all the département's sales (≈ 230 ms for Paris on the
 * embedded database, the costliest statement of a zone's statistics) and changes only with a new import.
 */
const caches = new WeakMap<Queryable, StatisticsCache<number | null>>();

export async function departementMedianPricePerM2(
  database: Queryable,
  departementCode: string,
  filters: RealEstateFilters,
): Promise<number | null> {
  let cache = caches.get(database);
  if (!cache) {
    cache = new StatisticsCache<number | null>(50);
    caches.set(database, cache);
  }
  const key = JSON.stringify([await selectDatasetsLoadStamp(database), departementCode, filters]);
  return cache.get(key, () => selectDepartementMedianPricePerM2(database, departementCode, filters));
}
