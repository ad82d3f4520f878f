import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZoneOwner } from './zonesRepository';

/** The cookie that tracks an anonymous visitor's zones. */
export const ANONYMOUS_ZONE_COOKIE = 'anonymous_zone_id';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;
const ANONYMOUS_ID_PATTERN = /^[0-9a-f-]{36}$/;

/**
 * The signed-in user's id when the accounts domain has put one on the request (`request.user.id`),
 * else undefined: zones then belong to the anonymous visitor.
 */
function signedInUserId(request: FastifyRequest): string | undefined {
  const user = (request as FastifyRequest & { user?: { id?: unknown } | null }).user;
  const id = user?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The owner of the request's zones, or undefined for an anonymous visitor without the cookie yet. */
export function zoneOwnerOf(request: FastifyRequest): ZoneOwner | undefined {
  const userId = signedInUserId(request);
  if (userId) return { kind: 'user', id: userId };
  const anonymousId = request.cookies[ANONYMOUS_ZONE_COOKIE];
  return anonymousId && ANONYMOUS_ID_PATTERN.test(anonymousId) ? { kind: 'anonymous', id: anonymousId } : undefined;
}

/** The owner of the request's zones, giving an anonymous visitor a new `anonymous_zone_id` cookie if needed. */
export function zoneOwnerOrNew(request: FastifyRequest, reply: FastifyReply): ZoneOwner {
  const owner = zoneOwnerOf(request);
  if (owner) return owner;
  const id = randomUUID();
  reply.setCookie(ANONYMOUS_ZONE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ONE_YEAR_SECONDS,
  });
  return { kind: 'anonymous', id };
}
