import type { Queryable } from '../db/Database';
import { HttpError } from '../http/HttpError';
import type { UserRow } from '../account/accountRepository';
import { LIMIT_REACHED_MESSAGE, TIER_RIGHTS, usageMonth, type AccessLevel } from '../../kernel/subscription/tiers';
import { consumeUsage } from './subscriptionRepository';

/**
 * The tier gate other domains call: what the request's user may do, and the monthly counters.
 * Refusals are 403 with the product's 'Limite atteinte…' message.
 */
export function accessLevelOf(user: UserRow | null | undefined): AccessLevel {
  return user ? user.tier : 'anonymous';
}

export function limitReached(extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(403, 'LIMIT_REACHED', LIMIT_REACHED_MESSAGE, extra);
}

/** Counts a new zone of the month, or throws the 403 when the tier's zones are used up. */
export async function consumeZoneQuota(database: Queryable, user: UserRow, now: Date): Promise<void> {
  const limit = TIER_RIGHTS[user.tier].zonesPerMonth;
  if (!(await consumeUsage(database, user.id, usageMonth(now), 'zones_created', limit))) {
    throw new HttpError(403, 'ZONE_LIMIT_REACHED', LIMIT_REACHED_MESSAGE, { limit, tier: user.tier });
  }
}

/** Spec: exports need a signed-in user of a paid tier. */
export function canExport(user: UserRow | null | undefined): boolean {
  return !!user && TIER_RIGHTS[user.tier].csvExport;
}

/** Counts one export of the month, or throws the 403 (anonymous, free, or quota used up). */
export async function consumeExportQuota(
  database: Queryable,
  user: UserRow | null | undefined,
  now: Date,
): Promise<void> {
  if (!user || !canExport(user)) throw limitReached({ tier: accessLevelOf(user) });
  const limit = TIER_RIGHTS[user.tier].exportsPerMonth;
  if (!(await consumeUsage(database, user.id, usageMonth(now), 'exports', limit))) {
    throw limitReached({ limit, tier: user.tier });
  }
}
