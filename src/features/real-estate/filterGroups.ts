import type { TransactionGroup } from './groupTransactions';

/** The transaction list's local filters ('Filtrer' panel). */
export interface GroupFilters {
  types?: string[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  surfaceMin?: number | undefined;
  surfaceMax?: number | undefined;
  roomsMin?: number | undefined;
  roomsMax?: number | undefined;
}

export type GroupSort = 'date-desc' | 'date-asc' | 'price-desc' | 'price-asc' | 'surface-desc' | 'price-per-m2-desc';

export const GROUP_SORT_LABELS: Readonly<Record<GroupSort, string>> = {
  'date-desc': 'Date (plus récentes)',
  'date-asc': 'Date (plus anciennes)',
  'price-desc': 'Prix décroissant',
  'price-asc': 'Prix croissant',
  'surface-desc': 'Surface décroissante',
  'price-per-m2-desc': 'Prix au m² décroissant',
};

const within = (value: number | null, min: number | undefined, max: number | undefined) => {
  if (min === undefined && max === undefined) return true;
  // A missing value does not match a set filter.
  if (value === null) return false;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
};

export function hasGroupFilters(filters: GroupFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0));
}

/** Groups matching the filters, sorted. */
export function filterGroups(groups: readonly TransactionGroup[], filters: GroupFilters, sort: GroupSort): TransactionGroup[] {
  const kept = groups.filter(
    (group) =>
      (!filters.types?.length || filters.types.includes(group.primary_type_local)) &&
      within(group.valeur_fonciere_total, filters.priceMin, filters.priceMax) &&
      within(group.total_surface, filters.surfaceMin, filters.surfaceMax) &&
      within(group.total_rooms, filters.roomsMin, filters.roomsMax),
  );
  const number = (value: number | null, direction: 1 | -1) => (value === null ? Number.NEGATIVE_INFINITY * -direction : value);
  const compare: Record<GroupSort, (a: TransactionGroup, b: TransactionGroup) => number> = {
    'date-desc': (a, b) => b.date_mutation.localeCompare(a.date_mutation),
    'date-asc': (a, b) => a.date_mutation.localeCompare(b.date_mutation),
    'price-desc': (a, b) => number(b.valeur_fonciere_total, -1) - number(a.valeur_fonciere_total, -1),
    'price-asc': (a, b) => number(a.valeur_fonciere_total, 1) - number(b.valeur_fonciere_total, 1),
    'surface-desc': (a, b) => number(b.total_surface, -1) - number(a.total_surface, -1),
    'price-per-m2-desc': (a, b) => number(b.price_per_m2, -1) - number(a.price_per_m2, -1),
  };
  return [...kept].sort((a, b) => compare[sort](a, b) || b.id_mutation.localeCompare(a.id_mutation));
}
