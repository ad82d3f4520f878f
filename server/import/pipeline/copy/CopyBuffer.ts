import type { Queryable } from '../../../db/Database';

/** A value written to a `COPY` CSV field; `null`/`undefined` become SQL NULL. */
export type CopyValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\n\r]/;

/** One CSV field for `COPY … WITH (FORMAT csv)`: empty strings are quoted so they stay non-NULL. */
export function toCopyField(value: CopyValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value.length === 0) return '""';
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Accumulates rows and loads them with `COPY` in batches (default 20,000 rows), so that an import
 * streams its file without holding it in memory.
 */
export class CopyBuffer {
  private lines: string[] = [];
  private loaded = 0;

  constructor(
    private readonly database: Queryable,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly batchSize = 20_000,
  ) {}

  /** Adds one row (values in the order of `columns`); loads a batch when the buffer is full. */
  async add(values: readonly CopyValue[]): Promise<void> {
    this.lines.push(values.map(toCopyField).join(','));
    if (this.lines.length >= this.batchSize) await this.flush();
  }

  /** Loads what is buffered. */
  async flush(): Promise<void> {
    if (this.lines.length === 0) return;
    const csv = `${this.lines.join('\n')}\n`;
    this.lines = [];
    this.loaded += await this.database.copyFrom(this.table, this.columns, csv);
  }

  /** Rows loaded so far (after the last flush). */
  get rowCount(): number {
    return this.loaded;
  }

  get pendingCount(): number {
    return this.lines.length;
  }
}
