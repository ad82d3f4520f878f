import type { Queryable } from '../db/Database';
import type { UserRow } from '../account/accountRepository';

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

export async function insertApiKey(
  database: Queryable,
  key: { id: string; userId: string; name: string; prefix: string; keyHash: string },
): Promise<ApiKeyRow> {
  const { rows } = await database.query<ApiKeyRow>(
    `INSERT INTO api_keys (id, user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, name, prefix, created_at, last_used_at, revoked_at`,
    [key.id, key.userId, key.name, key.prefix, key.keyHash],
  );
  return rows[0] as ApiKeyRow;
}

export async function selectApiKeys(database: Queryable, userId: string): Promise<ApiKeyRow[]> {
  const { rows } = await database.query<ApiKeyRow>(
    `SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys
     WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at`,
    [userId],
  );
  return rows;
}

export async function countLiveApiKeys(database: Queryable, userId: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export async function revokeApiKey(database: Queryable, userId: string, id: string): Promise<boolean> {
  const { affectedRows } = await database.query(
    'UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND id = $2 AND revoked_at IS NULL',
    [userId, id],
  );
  return affectedRows > 0;
}

/** The owner of a live key, and the key's id; marks it used. */
export async function selectApiKeyUser(
  database: Queryable,
  keyHash: string,
): Promise<{ user: UserRow; keyId: string } | undefined> {
  const { rows } = await database.query<UserRow & { api_key_id: string }>(
    `UPDATE api_keys SET last_used_at = now() FROM users
     WHERE api_keys.key_hash = $1 AND api_keys.revoked_at IS NULL AND users.id = api_keys.user_id
     RETURNING users.*, api_keys.id AS api_key_id`,
    [keyHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { api_key_id: keyId, ...user } = row;
  return { user, keyId };
}
