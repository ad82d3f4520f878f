import type { Queryable } from '../db/Database';
import type { TierName } from '../../kernel/subscription/tiers';

/** A `users` row. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  is_verified: boolean;
  tier: TierName;
  subscription_status: string;
  payment_provider: string | null;
  payment_customer_id: string | null;
  payment_subscription_id: string | null;
  trial_ends_at: Date | string | null;
  current_period_end: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type TokenPurpose = 'verify-email' | 'password-reset';

export async function insertUser(
  database: Queryable,
  user: { id: string; email: string; passwordHash: string; firstName: string | null; lastName: string | null },
): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>(
    `INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [user.id, user.email, user.passwordHash, user.firstName, user.lastName],
  );
  return rows[0];
}

export async function selectUserByEmail(database: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0];
}

export async function selectUserById(database: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0];
}

export async function updateUserProfile(
  database: Queryable,
  id: string,
  profile: { firstName?: string | null; lastName?: string | null },
): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>(
    `UPDATE users SET
       first_name = CASE WHEN $2 THEN $3 ELSE first_name END,
       last_name = CASE WHEN $4 THEN $5 ELSE last_name END,
       updated_at = now()
     WHERE id = $1 RETURNING *`,
    [
      id,
      profile.firstName !== undefined,
      profile.firstName ?? null,
      profile.lastName !== undefined,
      profile.lastName ?? null,
    ],
  );
  return rows[0];
}

export async function updateUserPassword(database: Queryable, id: string, passwordHash: string): Promise<void> {
  await database.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}

export async function markUserVerified(database: Queryable, id: string): Promise<void> {
  await database.query('UPDATE users SET is_verified = true, updated_at = now() WHERE id = $1', [id]);
}

/** Deletes the user; sessions, tokens, usage and API keys go with it (foreign keys ON DELETE CASCADE). */
export async function deleteUser(database: Queryable, id: string): Promise<boolean> {
  const { affectedRows } = await database.query('DELETE FROM users WHERE id = $1', [id]);
  return affectedRows > 0;
}

export async function insertSession(
  database: Queryable,
  session: { tokenHash: string; userId: string; expiresAt: Date; userAgent: string | null },
): Promise<void> {
  await database.query(
    'INSERT INTO user_sessions (token_hash, user_id, expires_at, user_agent) VALUES ($1, $2, $3, $4)',
    [session.tokenHash, session.userId, session.expiresAt, session.userAgent],
  );
}

/** The user of a live session (one indexed lookup: the session check of every request). */
export async function selectSessionUser(
  database: Queryable,
  tokenHash: string,
  now: Date,
): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>(
    `SELECT users.* FROM user_sessions JOIN users ON users.id = user_sessions.user_id
     WHERE user_sessions.token_hash = $1 AND user_sessions.expires_at > $2`,
    [tokenHash, now],
  );
  return rows[0];
}

export async function deleteSession(database: Queryable, tokenHash: string): Promise<void> {
  await database.query('DELETE FROM user_sessions WHERE token_hash = $1', [tokenHash]);
}

/** Ends every session of the user but `keepTokenHash` (when given). */
export async function deleteOtherSessions(
  database: Queryable,
  userId: string,
  keepTokenHash: string | null,
): Promise<number> {
  const { affectedRows } = await database.query(
    'DELETE FROM user_sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2',
    [userId, keepTokenHash],
  );
  return affectedRows;
}

export async function countSessions(database: Queryable, userId: string): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM user_sessions WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export async function insertToken(
  database: Queryable,
  token: { tokenHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
): Promise<void> {
  await database.query('INSERT INTO user_tokens (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [
    token.tokenHash,
    token.userId,
    token.purpose,
    token.expiresAt,
  ]);
}

/**
 * Uses a token once: marks it used and returns its user when it exists, has the purpose, is unused
 * and has not expired; otherwise returns undefined and changes nothing.
 */
export async function consumeToken(
  database: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await database.query<{ user_id: string }>(
    `UPDATE user_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [tokenHash, purpose, now],
  );
  return rows[0]?.user_id;
}

/** Voids the user's unused tokens of a purpose (a new link replaces the previous ones). */
export async function voidTokens(database: Queryable, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await database.query('UPDATE user_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
    now,
  ]);
}

/** What 'Exporter mes données' gives of the account tables (hashes left out). */
export async function selectUserDataExport(database: Queryable, userId: string) {
  const [sessions, tokens, usage, apiKeys, payments] = await Promise.all([
    database.query(
      'SELECT created_at, expires_at, user_agent FROM user_sessions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    database.query(
      'SELECT purpose, created_at, expires_at, used_at FROM user_tokens WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    database.query('SELECT month, zones_created, exports FROM user_usage WHERE user_id = $1 ORDER BY month', [userId]),
    database.query(
      'SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    database.query(
      'SELECT provider, event_id, type, received_at FROM payment_events WHERE user_id = $1 ORDER BY received_at',
      [userId],
    ),
  ]);
  return {
    sessions: sessions.rows,
    email_tokens: tokens.rows,
    usage: usage.rows,
    api_keys: apiKeys.rows,
    payment_events: payments.rows,
  };
}

/** Unlinks the user from the payment events kept for idempotency (the event ids stay, the person goes). */
export async function forgetPaymentEventsOf(database: Queryable, userId: string): Promise<void> {
  await database.query('UPDATE payment_events SET user_id = NULL WHERE user_id = $1', [userId]);
}
