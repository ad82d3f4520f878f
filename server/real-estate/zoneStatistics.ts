import type { Queryable } from '../db/Database';
import type { ZoneStatistics, ZoneStatisticsRequest } from '../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters, RealEstateLot } from '../../kernel/real-estate/realEstateTypes';
import {
  type LotRow,
  resolveZone,
  selectBreakdown,
  selectMarketSnapshot,
  selectTemporalSeries,
  selectZoneLots,
  selectZoneSummary,
  type ZoneReference,
} from './realEstateRepository';

export function toLot(row: LotRow): RealEstateLot & { group_type_local: string } {
  const { longitude, latitude, ...rest } = row;
  return { ...rest, location: longitude === null || latitude === null ? null : { lat: latitude, lon: longitude } };
}

export const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);
const percentage = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 10000) / 100 : 0);

/** The zone statistics answer (prices, €/m², breakdowns, series, market snapshot) and the sampled lots. */
export async function zoneStatistics(
  database: Queryable,
  zone: ZoneReference,
  request: ZoneStatisticsRequest,
): Promise<{ statistics: ZoneStatistics; lots: LotRow[] }> {
  const startedAt = performance.now();
  const filters: RealEstateFilters = request.filters;
  zone = await resolveZone(database, zone);
  // Independent queries, run concurrently (PostgreSQL pool; PGlite queues them).
  const [summary, types, natures, temporal, snapshot, lots] = await Promise.all([
    selectZoneSummary(database, zone, filters),
    selectBreakdown(database, zone, filters, 'type_local'),
    selectBreakdown(database, zone, filters, 'nature_mutation'),
    request.include_temporal ? selectTemporalSeries(database, zone, filters, request.temporal_granularity) : [],
    request.include_market_snapshot ? selectMarketSnapshot(database, zone, filters) : null,
    request.include_sample_transactions && request.sample_size > 0
      ? selectZoneLots(database, zone, filters, request.sample_size)
      : [],
  ]);
  return {
    lots,
    statistics: {
      total_transactions: summary.total,
      price_statistics: { avg: round(summary.avg_price), median: round(summary.median_price), count: summary.sales },
      price_per_m2_statistics: {
        avg: round(summary.avg_price_per_m2),
        median: round(summary.median_price_per_m2),
        q1: round(summary.q1_price_per_m2),
        q3: round(summary.q3_price_per_m2),
        count: summary.price_per_m2_count,
      },
      property_type_breakdown: types.map((row) => ({
        type_local: row.key,
        count: row.count,
        percentage: percentage(row.count, summary.total),
        avg_price: round(row.avg_price),
        avg_price_per_m2: round(row.avg_price_per_m2),
      })),
      mutation_type_breakdown: natures.map((row) => ({
        nature_mutation: row.key,
        count: row.count,
        percentage: percentage(row.count, summary.total),
        avg_price: round(row.avg_price),
        avg_price_per_m2: round(row.avg_price_per_m2),
      })),
      temporal_series: temporal,
      market_snapshot: snapshot,
      sample_transactions: lots.map(toLot),
      search_time_ms: Math.round(performance.now() - startedAt),
    },
  };
}
