import type { Queryable } from '../db/Database';
import type { TierName } from '../../kernel/subscription/tiers';
import type { UserRow } from '../account/accountRepository';

export interface UsageRow {
  zones_created: number;
  exports: number;
}

export async function selectUsage(database: Queryable, userId: string, month: string): Promise<UsageRow> {
  const { rows } = await database.query<UsageRow>(
    'SELECT zones_created, exports FROM user_usage WHERE user_id = $1 AND month = $2',
    [userId, month],
  );
  return rows[0] ?? { zones_created: 0, exports: 0 };
}

/**
 * Counts one use of `counter` in the month if it stays within `limit` (null: unlimited), in one
 * statement so that two concurrent requests cannot both take the last unit. Returns false when the
 * quota is used up.
 */
export async function consumeUsage(
  database: Queryable,
  userId: string,
  month: string,
  counter: 'zones_created' | 'exports',
  limit: number | null,
): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const { rows } = await database.query<{ used: number }>(
    `INSERT INTO user_usage (user_id, month, ${counter}) VALUES ($1, $2, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET ${counter} = user_usage.${counter} + 1
     WHERE $3::int IS NULL OR user_usage.${counter} < $3::int
     RETURNING ${counter} AS used`,
    [userId, month, limit],
  );
  if (rows.length === 0) return false;
  return limit === null || (rows[0]?.used ?? 0) <= limit;
}

/** The subscription state a payment provider reports for the user. */
export interface SubscriptionChange {
  tier: TierName;
  status: string;
  provider: 'local' | 'stripe';
  customerId?: string | null;
  subscriptionId?: string | null;
  trialEndsAt?: Date | null;
  currentPeriodEnd?: Date | null;
}

export async function applySubscription(
  database: Queryable,
  userId: string,
  change: SubscriptionChange,
): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>(
    `UPDATE users SET tier = $2, subscription_status = $3, payment_provider = $4,
       payment_customer_id = COALESCE($5, payment_customer_id),
       payment_subscription_id = $6, trial_ends_at = $7, current_period_end = $8, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [
      userId,
      change.tier,
      change.status,
      change.provider,
      change.customerId ?? null,
      change.subscriptionId ?? null,
      change.trialEndsAt ?? null,
      change.currentPeriodEnd ?? null,
    ],
  );
  return rows[0];
}

export async function setPaymentCustomer(database: Queryable, userId: string, customerId: string): Promise<void> {
  await database.query('UPDATE users SET payment_customer_id = $2, updated_at = now() WHERE id = $1', [
    userId,
    customerId,
  ]);
}

/** The status of a paid subscription after an invoice (a free account keeps its own). */
export async function setPaidSubscriptionStatus(database: Queryable, userId: string, status: string): Promise<void> {
  await database.query(
    `UPDATE users SET subscription_status = $2, updated_at = now() WHERE id = $1 AND tier <> 'free'`,
    [userId, status],
  );
}

export async function selectUserByPaymentCustomer(
  database: Queryable,
  customerId: string,
): Promise<UserRow | undefined> {
  const { rows } = await database.query<UserRow>('SELECT * FROM users WHERE payment_customer_id = $1', [customerId]);
  return rows[0];
}

/** Records a provider event; false when it was already recorded (a replay: apply nothing). */
export async function recordPaymentEvent(
  database: Queryable,
  event: { provider: string; id: string; type: string; userId: string | null },
): Promise<boolean> {
  const { affectedRows } = await database.query(
    `INSERT INTO payment_events (provider, event_id, type, user_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (provider, event_id) DO NOTHING`,
    [event.provider, event.id, event.type, event.userId],
  );
  return affectedRows > 0;
}
