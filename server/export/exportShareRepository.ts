import type { Queryable } from '../db/Database';
import type { ExportShareSnapshot } from '../../kernel/export/exportShare';

export interface ExportShareRow {
  snapshot: ExportShareSnapshot;
  created_at: Date;
  expires_at: Date | null;
}

/** Keeps a frozen snapshot behind the SHA-256 of its link's token. */
export async function insertExportShare(
  database: Queryable,
  share: { tokenHash: string; userId: string; snapshot: ExportShareSnapshot; createdAt: Date; expiresAt: Date | null },
): Promise<void> {
  await database.query(
    `INSERT INTO export_shares (token_hash, user_id, snapshot, created_at, expires_at)
     VALUES ($1, $2, $3::jsonb, $4, $5)`,
    [share.tokenHash, share.userId, JSON.stringify(share.snapshot), share.createdAt, share.expiresAt],
  );
}

/** The snapshot behind a token's hash, or null. */
export async function selectExportShare(database: Queryable, tokenHash: string): Promise<ExportShareRow | null> {
  const { rows } = await database.query<{
    snapshot: ExportShareSnapshot | string;
    created_at: Date | string;
    expires_at: Date | string | null;
  }>(`SELECT snapshot, created_at, expires_at FROM export_shares WHERE token_hash = $1`, [tokenHash]);
  const row = rows[0];
  if (!row) return null;
  return {
    snapshot: typeof row.snapshot === 'string' ? (JSON.parse(row.snapshot) as ExportShareSnapshot) : row.snapshot,
    created_at: new Date(row.created_at),
    expires_at: row.expires_at === null ? null : new Date(row.expires_at),
  };
}
