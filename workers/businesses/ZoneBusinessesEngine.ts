import type { Business } from '../../kernel/businesses/businessSchemas';
import {
  allSql,
  bandCountsSql,
  BUSINESS_TABLE,
  searchTextColumnSql,
  searchWords,
  sortNameColumnSql,
  whereClause,
  type BusinessListQuery,
  countSql,
  openingsPerYearSql,
  pageSql,
} from './zoneBusinessesQuery';

/** What the engine needs of a DuckDB connection (the browser's async one, or Node's blocking one in tests). */
export interface DuckDbConnection {
  query(sql: string): Promise<ArrowTable> | ArrowTable;
  insertArrowFromIPCStream(bytes: Uint8Array, options: { name: string; create: boolean }): Promise<unknown> | unknown;
  close(): Promise<unknown> | unknown;
}
interface ArrowTable {
  toArray(): { toJSON(): Record<string, unknown> }[];
}

const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));
const numberOrNull = (value: unknown) =>
  value === null || value === undefined || !Number.isFinite(Number(value)) ? null : Number(value);

/** A row of the establishments Arrow table as a `Business` (`siren` derived, `also_in` not carried). */
export function businessFromRow(row: Record<string, unknown>): Business {
  const siret = textOrNull(row.siret);
  return {
    id: String(row.id),
    siret,
    siren: siret ? siret.slice(0, 9) : null,
    denomination: textOrNull(row.denomination),
    enseigne: textOrNull(row.enseigne),
    address: textOrNull(row.address),
    city: textOrNull(row.city),
    postal_code: textOrNull(row.postal_code),
    commune_code: textOrNull(row.commune_code),
    latitude: numberOrNull(row.latitude),
    longitude: numberOrNull(row.longitude),
    naf_code: textOrNull(row.naf_code),
    naf_label: textOrNull(row.naf_label),
    section_code: textOrNull(row.section_code),
    section_label: textOrNull(row.section_label),
    employee_size: textOrNull(row.employee_size),
    employee_range: textOrNull(row.employee_range) ?? 'Non renseigné',
    status: row.status === 'F' ? 'F' : 'A',
    date_creation: textOrNull(row.date_creation),
    source: String(row.source ?? ''),
    source_label: String(row.source_label ?? ''),
    source_vintage: textOrNull(row.source_vintage),
    demo: row.demo === true,
    also_in: [],
  };
}

export interface BusinessPage {
  businesses: Business[];
  total: number;
  /** Time DuckDB took for the page and its count. */
  queryTimeMs: number;
}

/**
 * The active zone's establishments in DuckDB-WASM (loaded once from the server's Arrow answer): the
 * full list's search, NAF prefix and headcount filters, sorts and pages, the CSV rows, the map points
 * and the openings per year are answered here, without a server round-trip.
 */
export class ZoneBusinessesEngine {
  constructor(
    private readonly connection: DuckDbConnection,
    readonly rowCount: number,
  ) {}

  /** Loads an Arrow IPC stream as the `businesses` table of the connection. */
  static async fromArrow(connection: DuckDbConnection, arrow: Uint8Array): Promise<ZoneBusinessesEngine> {
    await connection.query(`DROP TABLE IF EXISTS ${BUSINESS_TABLE}`);
    await connection.insertArrowFromIPCStream(arrow, { name: BUSINESS_TABLE, create: true });
    await connection.query(sortNameColumnSql());
    const table = await connection.query(`SELECT count(*)::INTEGER AS n FROM ${BUSINESS_TABLE}`);
    return new ZoneBusinessesEngine(connection, Number(table.toArray()[0]?.toJSON().n ?? 0));
  }

  private searchText: Promise<unknown> | undefined;

  /** Adds the search column at the zone's first search (not every user searches). */
  private async searchable(query: Pick<BusinessListQuery, 'search'>): Promise<void> {
    if (searchWords(query.search).length === 0) return;
    // A failed attempt is forgotten, so that the next search tries again instead of failing for ever.
    this.searchText ??= Promise.resolve()
      .then(() => this.connection.query(searchTextColumnSql()))
      .catch((error: unknown) => {
        this.searchText = undefined;
        throw error;
      });
    await this.searchText;
  }

  private async rows(sql: string): Promise<Record<string, unknown>[]> {
    const table = await this.connection.query(sql);
    return table.toArray().map((row) => row.toJSON());
  }

  async page(query: BusinessListQuery): Promise<BusinessPage> {
    const startedAt = performance.now();
    await this.searchable(query);
    const rows = await this.rows(pageSql(query));
    const total = !whereClause(query)
      ? this.rowCount
      : rows[0]
        ? Number(rows[0].matching_count)
        : Number((await this.rows(countSql(query)))[0]?.n ?? 0);
    return {
      businesses: rows.map(businessFromRow),
      total,
      queryTimeMs: Math.round(performance.now() - startedAt),
    };
  }

  /** Every matching establishment in the list order. */
  async all(query: BusinessListQuery): Promise<Business[]> {
    await this.searchable(query);
    return (await this.rows(allSql(query))).map(businessFromRow);
  }

  /** Establishments per headcount band code (`NN`: none on record). */
  async bandCounts(): Promise<Record<string, number>> {
    return Object.fromEntries((await this.rows(bandCountsSql())).map((row) => [String(row.band), Number(row.n)]));
  }

  /** Openings per year among the establishments with a creation date, for the NAF prefixes. */
  async openingsPerYear(nafPrefixes: readonly string[]): Promise<{ year: number; count: number }[]> {
    return (await this.rows(openingsPerYearSql(nafPrefixes))).map((row) => ({
      year: Number(row.year),
      count: Number(row.n),
    }));
  }

  /** The commune most establishments of the zone are in (its département places an isochrone). */
  async mainCommuneCode(): Promise<string | null> {
    const rows = await this.rows(
      `SELECT commune_code FROM ${BUSINESS_TABLE} WHERE commune_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    return textOrNull(rows[0]?.commune_code);
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
