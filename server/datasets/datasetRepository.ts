import type { Queryable } from '../db/Database';

/** One imported dataset, as recorded in `datasets`. */
export interface DatasetRecord {
  source: string;
  territory: string;
  vintage: string;
  label: string;
  rowCount: number;
  checksum: string;
  files: string[];
  durationMs: number;
  demo: boolean;
  loadedAt?: string;
}

interface DatasetRow {
  source: string;
  territory: string;
  vintage: string;
  label: string;
  row_count: number;
  checksum: string;
  files: string[];
  duration_ms: number;
  demo: boolean;
  loaded_at: Date;
}

const toRecord = (row: DatasetRow): DatasetRecord => ({
  source: row.source,
  territory: row.territory,
  vintage: row.vintage,
  label: row.label,
  rowCount: row.row_count,
  checksum: row.checksum,
  files: row.files,
  durationMs: row.duration_ms,
  demo: row.demo,
  loadedAt: row.loaded_at.toISOString(),
});

export async function listDatasets(database: Queryable): Promise<DatasetRecord[]> {
  const { rows } = await database.query<DatasetRow>('SELECT * FROM datasets ORDER BY source, territory, vintage');
  return rows.map(toRecord);
}

export async function findDataset(
  database: Queryable,
  key: Pick<DatasetRecord, 'source' | 'territory' | 'vintage'>,
): Promise<DatasetRecord | undefined> {
  const { rows } = await database.query<DatasetRow>(
    'SELECT * FROM datasets WHERE source = $1 AND territory = $2 AND vintage = $3',
    [key.source, key.territory, key.vintage],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Inserts or replaces the record of a dataset. */
export async function saveDataset(database: Queryable, record: DatasetRecord): Promise<void> {
  await database.query(
    `INSERT INTO datasets (source, territory, vintage, label, row_count, checksum, files, duration_ms, demo, loaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, now())
     ON CONFLICT (source, territory, vintage) DO UPDATE SET
       label = EXCLUDED.label, row_count = EXCLUDED.row_count, checksum = EXCLUDED.checksum,
       files = EXCLUDED.files, duration_ms = EXCLUDED.duration_ms, demo = EXCLUDED.demo, loaded_at = now()`,
    [
      record.source,
      record.territory,
      record.vintage,
      record.label,
      record.rowCount,
      record.checksum,
      JSON.stringify(record.files),
      record.durationMs,
      record.demo,
    ],
  );
}

/** True when no dataset has been imported yet. */
export async function databaseIsEmpty(database: Queryable): Promise<boolean> {
  const { rows } = await database.query<{ count: number }>('SELECT count(*) AS count FROM datasets');
  return (rows[0]?.count ?? 0) === 0;
}

/**
 * A key over every imported dataset (source, territory, vintage, checksum): it changes whenever an
 * import changes data, and keys the tile caches and the map areas build.
 */
export async function selectDatasetsKey(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ key: string | null }>(
    `SELECT md5(string_agg(source || '|' || territory || '|' || vintage || '|' || checksum, ',' ORDER BY source, territory, vintage)) AS key
     FROM datasets WHERE source <> 'indicateurs'`,
  );
  return rows[0]?.key ?? 'empty';
}
