import { NAF_CODE_PATTERN } from '../../kernel/businesses/businessSchemas';

/** How the full list is sorted (the product's three keys). */
export type BusinessSortKey = 'name' | 'naf' | 'headcount';

/** The full list's filters, sort and page, answered by DuckDB-WASM over the zone's Arrow table. */
export interface BusinessListQuery {
  /** Words searched in name, enseigne, address, city, NAF code and SIRET (accents and case ignored). */
  search?: string;
  /** A NAF code prefix (`56`, `56.1`, `56.10A`). */
  nafPrefix?: string;
  /** Any of these NAF code prefixes (a home category, a map toggle). */
  nafPrefixes?: string[];
  /** A Sirene headcount band code (`00` … `53`). */
  employeeSize?: string;
  sort: BusinessSortKey;
  descending: boolean;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Only these ids (the 'Afficher sélection' view). */
  ids?: string[];
}

export const BUSINESS_TABLE = 'businesses';

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * Lower-case, accent-free columns computed once per zone (accent removal over every row costs seconds on
 * all Paris, then each query reads them): the name the list sorts by, added when the zone is loaded, and
 * the text the search box looks in, added at the first search.
 */
export function sortNameColumnSql(): string {
  return `ALTER TABLE ${BUSINESS_TABLE} ADD COLUMN sort_name VARCHAR;
    UPDATE ${BUSINESS_TABLE} SET sort_name = lower(strip_accents(coalesce(denomination, enseigne, '')))`;
}

export function searchTextColumnSql(): string {
  return `ALTER TABLE ${BUSINESS_TABLE} ADD COLUMN search_text VARCHAR;
    UPDATE ${BUSINESS_TABLE} SET search_text = lower(strip_accents(concat_ws(' ', denomination, enseigne, address,
      city, postal_code, naf_code, naf_label, siret)))`;
}

/** The establishment's own columns (not the computed ones; `search_text` may not exist yet). */
const ROW_COLUMNS = "COLUMNS(c -> c NOT IN ('sort_name', 'search_text'))";

/** Lower-case, accent-free words of the search box. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8);
}

/** The WHERE clause of a query (shared by the page, the count and the map points). */
export function whereClause(
  query: Pick<BusinessListQuery, 'search' | 'nafPrefix' | 'nafPrefixes' | 'employeeSize' | 'ids'>,
): string {
  const conditions: string[] = [];
  for (const word of searchWords(query.search)) {
    conditions.push(`search_text LIKE ${quote(`%${escapeLike(word)}%`)} ESCAPE '\\'`);
  }
  const prefix = query.nafPrefix?.trim().toUpperCase();
  if (prefix) {
    if (!NAF_CODE_PATTERN.test(prefix) && !/^\d{1,2}$/.test(prefix)) conditions.push('false');
    else conditions.push(`starts_with(coalesce(naf_code, ''), ${quote(prefix)})`);
  }
  if (query.nafPrefixes) {
    const valid = query.nafPrefixes
      .map((code) => code.trim().toUpperCase())
      .filter((code) => NAF_CODE_PATTERN.test(code));
    conditions.push(
      valid.length
        ? `(${valid.map((code) => `starts_with(coalesce(naf_code, ''), ${quote(code)})`).join(' OR ')})`
        : 'false',
    );
  }
  if (query.employeeSize) conditions.push(`employee_size = ${quote(query.employeeSize)}`);
  if (query.ids) {
    conditions.push(query.ids.length ? `id IN (${query.ids.map(quote).join(', ')})` : 'false');
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** ORDER BY of the product's sorts; ties by name then id so that pages never overlap. */
export function orderClause(sort: BusinessSortKey, descending: boolean): string {
  const direction = descending ? 'DESC' : 'ASC';
  const name = 'sort_name';
  // Unnamed establishments (BDCOM shop fronts) come last whatever the direction.
  const unnamedLast = "coalesce(denomination, enseigne, '') = ''";
  const keys: Record<BusinessSortKey, string> = {
    name: `${unnamedLast}, ${name} ${direction}`,
    naf: `naf_code ${direction} NULLS LAST, ${unnamedLast}, ${name}`,
    // Band codes 00 … 53 sort in the INSEE order; NN (no employee on record) and unknown last.
    headcount: `CASE WHEN regexp_full_match(coalesce(employee_size, ''), '[0-9]{2}') THEN employee_size END ${direction} NULLS LAST, ${unnamedLast}, ${name}`,
  };
  return `ORDER BY ${keys[sort]}, id`;
}

/**
 * The page of the list. Filtered, each row carries `matching_count` (how many rows match: one scan for
 * both); unfiltered, every row matches and the engine knows how many (a top-N sort stays cheap).
 */
export function pageSql(query: BusinessListQuery): string {
  const limit = Math.max(1, Math.min(500, Math.floor(query.pageSize)));
  const offset = Math.max(0, Math.floor(query.page)) * limit;
  const where = whereClause(query);
  const count = where ? ', count(*) OVER () AS matching_count' : '';
  return `SELECT ${ROW_COLUMNS}${count} FROM ${BUSINESS_TABLE} ${where} ${orderClause(query.sort, query.descending)} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many rows match (for 'Page X sur Y' when the page asked for is past the end). */
export function countSql(query: BusinessListQuery): string {
  return `SELECT count(*)::INTEGER AS n FROM ${BUSINESS_TABLE} ${whereClause(query)}`;
}

/** Every matching row, in the list order (CSV export, 'Afficher tout' on the map). */
export function allSql(query: BusinessListQuery): string {
  return `SELECT ${ROW_COLUMNS} FROM ${BUSINESS_TABLE} ${whereClause(query)} ${orderClause(query.sort, query.descending)}`;
}

/** Establishments per headcount band code (null → `NN`) in the whole zone. */
export function bandCountsSql(): string {
  return `SELECT coalesce(employee_size, 'NN') AS band, count(*)::INTEGER AS n FROM ${BUSINESS_TABLE} GROUP BY 1`;
}

/** Openings per year (creation dates, Sirene) for the NAF prefixes, in the zone. */
export function openingsPerYearSql(nafPrefixes: readonly string[]): string {
  const prefixes = nafPrefixes.filter((prefix) => /^[0-9A-Z.]{2,6}$/.test(prefix));
  const filter = prefixes.length
    ? `AND (${prefixes.map((prefix) => `starts_with(coalesce(naf_code, ''), ${quote(prefix)})`).join(' OR ')})`
    : '';
  return `SELECT substr(date_creation, 1, 4) AS year, count(*)::INTEGER AS n FROM ${BUSINESS_TABLE}
    WHERE regexp_matches(date_creation, '^[0-9]{4}') ${filter} GROUP BY 1 ORDER BY 1`;
}
