/** A bad value in one field of a row; the reader adds the file and line. */
export class RowError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
    this.name = 'RowError';
  }
}

/** An import failure that names the file, the line and, when known, the column. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly column: string | undefined,
    readonly reason: string,
  ) {
    const where = [file, line === undefined ? undefined : String(line)].filter(Boolean).join(':');
    super(`${where}${column ? `, colonne « ${column} »` : ''} : ${reason}`);
    this.name = 'ImportError';
  }
}
