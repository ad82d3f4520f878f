import { describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE, metricById, NOT_AVAILABLE } from './metricCatalogue';
import type { ZoneFigures } from './zoneFigures';

const nothingLoaded: ZoneFigures = {
  demographics: null,
  lockedTabs: [],
  realEstate: null,
  realEstateVintage: null,
  businesses: null,
  publicServices: null,
  servedPopulation: null,
  market: null,
};

/** Figures of a zone as the services answer them, reduced to what the catalogue reads here. */
const businesses = {
  total_businesses: 500,
  section_breakdown: [{ section_code: 'G', label: 'Commerce', count: 120, percentage: 24 }],
  sources: [{ source: 'sirene', label: 'Sirene', vintage: 'Sirene 2025', count: 500, demo: false }],
} as unknown as NonNullable<ZoneFigures['businesses']>;
const publicServices = {
  categories: [{ category: 'sante', count: 4 }],
  total_services: 10,
  sources: [{ source: 'annuaire', label: 'Annuaire', vintage: '2025' }],
} as unknown as NonNullable<ZoneFigures['publicServices']>;
const demographics = {
  population: { available: true, total: 20_000, vintage_label: 'RP 2021' },
} as unknown as NonNullable<ZoneFigures['demographics']>;

const read = (id: string, figures: ZoneFigures) => {
  const metric = metricById(id);
  if (!metric) throw new Error(`no metric ${id}`);
  return metric.read(figures);
};

describe('the metric catalogue', () => {
  it('has unique ids and reads every metric as non disponible (null), never 0, when no base is loaded', () => {
    expect(new Set(METRIC_CATALOGUE.map((metric) => metric.id)).size).toBe(METRIC_CATALOGUE.length);
    for (const metric of METRIC_CATALOGUE) {
      expect(metric.read(nothingLoaded), metric.id).toEqual({ value: null, vintage: null });
    }
    expect(NOT_AVAILABLE).toBe('non disponible');
  });

  it('reads the competition index per 1,000 inhabitants only when both the establishments and the census are loaded', () => {
    expect(read('businesses.competition.total', { ...nothingLoaded, businesses })).toEqual({
      value: null,
      vintage: null,
    });
    expect(read('businesses.competition.total', { ...nothingLoaded, businesses, demographics })).toEqual({
      value: 25,
      vintage: 'Sirene 2025 ; RP 2021',
    });
    expect(read('businesses.competition.g', { ...nothingLoaded, businesses, demographics })?.value).toBe(6);
    // A section without any establishment in a zone whose bases are loaded is a true 0.
    expect(read('businesses.competition.a', { ...nothingLoaded, businesses, demographics })?.value).toBe(0);
  });

  it('reads the public-services coverage per 10,000 inhabitants, non disponible without the census', () => {
    expect(read('public_services.coverage.total', { ...nothingLoaded, publicServices }).value).toBeNull();
    expect(read('public_services.coverage.total', { ...nothingLoaded, publicServices, demographics })).toEqual({
      value: 5,
      vintage: '2025 ; RP 2021',
    });
    expect(read('public_services.coverage.sante', { ...nothingLoaded, publicServices, demographics })?.value).toBe(2);
  });

  it('reads the walking coverage in % of residents per category and time, non disponible without its answer', () => {
    const servedPopulation = {
      categories: [{ category: 'sante', within_5: 0.25, within_10: 0.8125, within_15: 1 }],
      population: 1_000,
      population_vintage: 2021,
      sources: [{ source: 'annuaire', label: 'Annuaire', vintage: '2025' }],
    } as unknown as NonNullable<ZoneFigures['servedPopulation']>;
    expect(read('public_services.walking.sante.10', { ...nothingLoaded, servedPopulation })).toEqual({
      value: 81.25,
      vintage: '2025 ; recensement 2021',
    });
    expect(read('public_services.walking.sante.5', { ...nothingLoaded, servedPopulation }).value).toBe(25);
    // A zone without any resident (a park, a wood): no share to give.
    expect(
      read('public_services.walking.sante.15', { ...nothingLoaded, servedPopulation: { ...servedPopulation, population: 0 } }),
    ).toEqual({ value: null, vintage: null });
  });

  it('reads the market study: income estimate = median × residents, competitors, Huff capture and share in %', () => {
    const figures: ZoneFigures = {
      ...nothingLoaded,
      demographics: {
        population: { available: true, total: 20_000, vintage_label: 'RP 2021' },
        revenue: { available: true, median: 25_000, vintage_label: 'Filosofi 2021' },
      } as unknown as NonNullable<ZoneFigures['demographics']>,
      market: {
        competitors: { bakeries: 12 },
        competitorsVintage: 'Sirene 2025',
        huff: { bakeries: { residents: 4_321, share: 0.25, vintage: 'RP 2021' } },
      },
    };
    expect(read('market.potential.income_estimate', figures)).toEqual({ value: 500_000_000, vintage: 'Filosofi 2021' });
    expect(read('market.competitors.bakeries', figures)).toEqual({ value: 12, vintage: 'Sirene 2025' });
    // A category no loaded source lists in the zone's départements is absent: not available, never 0.
    expect(read('market.competitors.pharmacies', figures)).toEqual({ value: null, vintage: null });
    expect(read('market.huff.bakeries.residents', figures)).toEqual({ value: 4_321, vintage: 'RP 2021' });
    expect(read('market.huff.bakeries.share', figures)).toEqual({ value: 25, vintage: 'RP 2021' });
    // No Huff run for that sector (or a zone that is not a walking or cycling isochrone): not available.
    expect(read('market.huff.pharmacies.residents', figures)).toEqual({ value: null, vintage: null });
  });
});
