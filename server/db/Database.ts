/** Which engine a {@link Database} runs on. */
export type DatabaseKind = 'pglite' | 'postgresql';

/** Rows of one statement and the number of rows it changed. */
export interface QueryResult<Row> {
  rows: Row[];
  affectedRows: number;
}

/** What both a database and an open transaction can do. */
export interface Queryable {
  /** One parameterised statement (`$1`, `$2`…). */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Several statements separated by `;`, without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
  /**
   * Loads one batch of CSV text (RFC 4180, `,` separator, no header, empty unquoted field = NULL)
   * into `table(columns)` with `COPY … FROM`. Returns the number of rows loaded.
   */
  copyFrom(table: string, columns: readonly string[], csv: string): Promise<number>;
}

/** The one database interface of the server: PGlite + PostGIS embedded, or PostgreSQL + PostGIS. */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (transaction: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** True while a new statement would wait behind others (every connection taken); absent when unknown. */
  busy?(): boolean;
}

/** Builds the `COPY` statement shared by both engines. */
export function copyStatement(table: string, columns: readonly string[], source: 'STDIN' | "'/dev/blob'"): string {
  const columnList = columns.map(quoteIdentifier).join(', ');
  return `COPY ${quoteQualifiedName(table)} (${columnList}) FROM ${source} WITH (FORMAT csv)`;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes `schema.table` or `table`. */
export function quoteQualifiedName(name: string): string {
  return name.split('.').map(quoteIdentifier).join('.');
}

/** The extensions every database opens with. */
export const REQUIRED_EXTENSIONS = ['postgis', 'pg_trgm', 'unaccent'] as const;
