import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../server/db/Database';
import { insertSession, insertUser } from '../../server/account/accountRepository';
import { randomSecret, hashSecret } from '../../server/account/secretTokens';
import { SESSION_COOKIE } from '../../server/account/sessionCookie';
import { applySubscription } from '../../server/subscription/subscriptionRepository';

/**
 * The `cookie` header of a signed-in Pro user, written straight into the database: analyses that test
 * every figure need the tier that is sent all of them (locked figures are not sent to anonymous callers).
 */
export async function proSessionCookie(database: Queryable): Promise<string> {
  return tierSessionCookie(database, 'pro');
}

/** The `cookie` header of a signed-in user of `tier` (free: no subscription applied). */
export async function tierSessionCookie(database: Queryable, tier: 'free' | 'light' | 'pro'): Promise<string> {
  const id = randomUUID();
  await insertUser(database, {
    id,
    email: `${tier}-${id}@example.test`,
    passwordHash: '-',
    firstName: null,
    lastName: null,
  });
  if (tier !== 'free') await applySubscription(database, id, { tier, status: 'active', provider: 'local' });
  const token = randomSecret();
  await insertSession(database, {
    tokenHash: hashSecret(token),
    userId: id,
    expiresAt: new Date(Date.now() + 86_400_000),
    userAgent: null,
  });
  return `${SESSION_COOKIE}=${token}`;
}
