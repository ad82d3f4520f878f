import type { AggregatedDemographics } from '../demographics/aggregateDemographics';

/**
 * Households of a zone: the census count of households (C_MEN) when the loaded vintage publishes it,
 * else its main residences — P_RP, or houses + flats used as main residences (P_RPMAISON + P_RPAPPART)
 * when only those are published; INSEE counts one household per main residence.
 */
export function householdsOf(aggregated: AggregatedDemographics): number | null {
  return aggregated.households.households ?? aggregated.housing.main_residences ?? aggregated.housing.share_denominator;
}
