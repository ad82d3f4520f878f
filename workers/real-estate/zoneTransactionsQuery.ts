import type { GroupFilters, GroupSort } from '../../src/features/real-estate/filterGroups';

const PREMISES = `('Appartement', 'Maison', 'Local industriel. commercial ou assimilé')`;

const ORDER: Readonly<Record<GroupSort, string>> = {
  'date-desc': 'g.date_mutation DESC',
  'date-asc': 'g.date_mutation ASC',
  'price-desc': 'g.price DESC NULLS LAST',
  'price-asc': 'g.price ASC NULLS LAST',
  'surface-desc': 'g.surface DESC NULLS LAST',
  'price-per-m2-desc': 'g.price_per_m2 DESC NULLS LAST',
};

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const finite = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/**
 * DuckDB SQL over the table `lots` (the zone's DVF rows from Arrow): the lots of the mutations whose
 * group matches the filters, ordered by the group sort then lot id. Values are numbers or quoted
 * literals, never raw text from the user. `page` keeps one page of groups (whole mutations).
 */
export function zoneTransactionsQuery(
  filters: GroupFilters,
  sort: GroupSort,
  page?: { limit: number; offset: number },
): string {
  const conditions: string[] = [];
  if (filters.types?.length) conditions.push(`g.group_type IN (${filters.types.map(literal).join(', ')})`);
  const range = (column: string, min: number | undefined, max: number | undefined) => {
    if (finite(min)) conditions.push(`${column} >= ${min}`);
    if (finite(max)) conditions.push(`${column} <= ${max}`);
  };
  range('g.price', filters.priceMin, filters.priceMax);
  range('g.surface', filters.surfaceMin, filters.surfaceMax);
  range('g.rooms', filters.roomsMin, filters.roomsMax);
  return `WITH g AS (
      SELECT id_mutation, any_value(group_type_local) AS group_type, max(date_mutation) AS date_mutation,
        arg_min(valeur_fonciere, id) AS price, max(price_per_m2) AS price_per_m2,
        sum(CASE WHEN type_local IN ${PREMISES} AND surface_reelle_bati > 0 THEN surface_reelle_bati END) AS surface,
        sum(CASE WHEN type_local <> 'Dépendance' THEN nombre_pieces_principales END) AS rooms
      FROM lots GROUP BY id_mutation)
    , chosen AS (SELECT g.* FROM g ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY ${ORDER[sort]}, g.id_mutation DESC
      ${page ? `LIMIT ${Math.max(0, Math.floor(page.limit))} OFFSET ${Math.max(0, Math.floor(page.offset))}` : ''})
    SELECT l.* FROM lots l JOIN chosen g USING (id_mutation)
    ORDER BY ${ORDER[sort]}, g.id_mutation DESC, l.id`;
}
