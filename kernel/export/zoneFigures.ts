import type { AggregatedDemographics } from '../demographics/aggregateDemographics';
import type { ZoneBusinessStatistics } from '../businesses/businessSchemas';
import type { ServedPopulation, ZoneAnalysis } from '../public-services/publicServiceSchemas';
import type { ZoneStatistics } from '../real-estate/realEstateSchemas';
import type { LockedDemographicsTab } from '../subscription/demographicsAccess';
import type { HomeCategoryKey } from '../businesses/homeCategories';

/**
 * The market study of a zone: the competitors of each home category inside it and, for a walking or
 * cycling isochrone, the Huff model of a site at its starting point for each sector asked.
 */
export interface ZoneMarketFigures {
  /**
   * Null when no establishment is loaded for the zone; a category is absent when no loaded source lists it in
   * the zone's départements (exported as 'non disponible').
   */
  competitors: Partial<Record<HomeCategoryKey, number>> | null;
  /** The establishments' vintages ('Sirene 2025-01, …'), null when none is recorded. */
  competitorsVintage: string | null;
  huff: Partial<Record<HomeCategoryKey, { residents: number; share: number | null; vintage: string | null }>>;
}

/** The vintage and extent of the DVF sales loaded for the zone (from the datasets register). */
export interface RealEstateVintage {
  /** 'DVF 2020–2024' style label, or null when no DVF dataset is recorded. */
  label: string | null;
}

/**
 * Everything the export reads for one zone, as the domain services answer it: each part is null
 * when its base is not loaded (the metrics then read 'non disponible', never 0).
 */
export interface ZoneFigures {
  demographics: AggregatedDemographics | null;
  /** The demographics tabs the requesting tier may not see (their metrics are 'réservé'). */
  lockedTabs: readonly LockedDemographicsTab[];
  realEstate: ZoneStatistics | null;
  realEstateVintage: string | null;
  businesses: ZoneBusinessStatistics | null;
  publicServices: ZoneAnalysis | null;
  /**
   * The residents' walk to the nearest service of each category (the served-population answer); null when
   * none of its metrics is asked or when the services, the census, the addresses or the streets are missing.
   */
  servedPopulation: ServedPopulation | null;
  /** Null when no market metric is asked. */
  market: ZoneMarketFigures | null;
}
