import { basename } from 'node:path';
import { ImportError, RowError } from '../ImportError';
import { openTextStream } from './openTextStream';
import { endsInsideQuotes, splitDelimitedLine } from './splitDelimitedLine';

/** One data row with its header, for reading fields by column name. */
export class DelimitedRow {
  constructor(
    readonly fields: string[],
    readonly lineNumber: number,
    private readonly columnIndex: ReadonlyMap<string, number>,
  ) {}

  /** The raw text of a column ('' when the row is short). */
  get(column: string): string {
    const index = this.columnIndex.get(column);
    if (index === undefined) throw new RowError(column, 'colonne absente de l’en-tête');
    return this.fields[index] ?? '';
  }

  has(column: string): boolean {
    return this.columnIndex.has(column);
  }
}

export interface ReadDelimitedOptions {
  /** Field separator; `auto` picks `;`, `,` or tab from the header line. */
  separator?: ';' | ',' | '\t' | 'auto';
  /** Columns the header must contain; a missing one fails on line 1. */
  requiredColumns?: readonly string[];
  /** Called with the raw bytes read and the file size, for progress. */
  onProgress?: (bytesRead: number, totalBytes: number) => void;
}

export function detectSeparator(header: string): ';' | ',' | '\t' {
  const counts = { ';': header.split(';').length, ',': header.split(',').length, '\t': header.split('\t').length };
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]?.[0] ?? ';') as ';' | ',' | '\t';
}

/**
 * Streams a delimited text file (gzip accepted) row by row. Errors thrown while a row is handled
 * become {@link ImportError}s naming the file, line and column.
 */
export async function* readDelimited(path: string, options: ReadDelimitedOptions = {}): AsyncGenerator<DelimitedRow> {
  const file = basename(path);
  const source = openTextStream(path);
  let separator = options.separator === 'auto' || options.separator === undefined ? undefined : options.separator;
  let columnIndex: Map<string, number> | undefined;
  let pending = '';
  let record = '';
  let recordStartLine = 0;
  let lineNumber = 0;
  let reportedAt = 0;

  const handleRecord = function* (text: string, startLine: number): Generator<DelimitedRow> {
    if (columnIndex === undefined) {
      const header = text.replace(/^\uFEFF/, '');
      separator ??= detectSeparator(header);
      const names = splitDelimitedLine(header, separator).map((name) => name.trim());
      columnIndex = new Map(names.map((name, index) => [name, index]));
      for (const required of options.requiredColumns ?? []) {
        if (!columnIndex.has(required)) {
          throw new ImportError(
            file,
            startLine,
            required,
            `colonne obligatoire absente de l’en-tête (${names.join(separator)})`,
          );
        }
      }
      return;
    }
    if (text.length === 0) return;
    yield new DelimitedRow(splitDelimitedLine(text, separator ?? ';'), startLine, columnIndex);
  };

  const emitLine = function* (line: string): Generator<DelimitedRow> {
    lineNumber += 1;
    const clean = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (record.length === 0) {
      recordStartLine = lineNumber;
      if (!endsInsideQuotes(clean)) {
        yield* handleRecord(clean, lineNumber);
        return;
      }
      record = clean;
      return;
    }
    record += `\n${clean}`;
    if (endsInsideQuotes(record)) return;
    const complete = record;
    record = '';
    yield* handleRecord(complete, recordStartLine);
  };

  let current: DelimitedRow | undefined;
  try {
    for await (const chunk of source.stream) {
      const text = pending + chunk;
      const lines = text.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        for (const row of emitLine(line)) {
          current = row;
          yield row;
        }
      }
      if (options.onProgress && source.bytesRead() - reportedAt > 1 << 20) {
        reportedAt = source.bytesRead();
        options.onProgress(reportedAt, source.totalBytes);
      }
    }
    if (pending.length > 0) {
      for (const row of emitLine(pending)) {
        current = row;
        yield row;
      }
    }
    if (record.length > 0) throw new ImportError(file, recordStartLine, undefined, 'guillemet non fermé');
    options.onProgress?.(source.totalBytes, source.totalBytes);
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportError(file, current?.lineNumber ?? lineNumber, undefined, reason);
  }
}

/**
 * Calls `handle` for each row of a delimited file; a {@link RowError} thrown by `handle` becomes an
 * {@link ImportError} naming the file, line and column. Returns the number of rows read.
 */
export async function forEachDelimitedRow(
  path: string,
  options: ReadDelimitedOptions,
  handle: (row: DelimitedRow) => void | Promise<void>,
): Promise<number> {
  let count = 0;
  for await (const row of readDelimited(path, options)) {
    try {
      await handle(row);
    } catch (error) {
      if (error instanceof RowError) throw new ImportError(basename(path), row.lineNumber, error.column, error.message);
      throw error;
    }
    count += 1;
  }
  return count;
}
