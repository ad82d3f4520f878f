import type { RealEstateFilters } from '../../../kernel/real-estate/realEstateTypes';

/** The year selector's choices: the current year and the nine before it, newest first. */
export function lastTenYears(currentYear: number): number[] {
  return Array.from({ length: 10 }, (_, index) => currentYear - index);
}

/** A chosen year as its date range, 1 January – 31 December; no year clears both dates. */
export function yearRange(year: string): Pick<RealEstateFilters, 'date_from' | 'date_to'> {
  if (!/^\d{4}$/.test(year)) return { date_from: undefined, date_to: undefined };
  return { date_from: `${year}-01-01`, date_to: `${year}-12-31` };
}

/** The year the dates span exactly, if they are one whole calendar year. */
export function yearOf(filters: RealEstateFilters): string | undefined {
  const year = filters.date_from?.slice(0, 4);
  return year && filters.date_from === `${year}-01-01` && filters.date_to === `${year}-12-31` ? year : undefined;
}
