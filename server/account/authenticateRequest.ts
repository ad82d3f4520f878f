import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../AppContext';
import { HttpError, forbidden } from '../http/HttpError';
import { ANONYMOUS_ZONE_COOKIE } from '../zones/zoneOwner';
import { selectApiKeyUser } from '../subscription/apiKeyRepository';
import { AttemptThrottle } from './AttemptThrottle';
import { selectSessionUser, type UserRow } from './accountRepository';
import { hashSecret } from './secretTokens';
import { SESSION_COOKIE } from './sessionCookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (session cookie or Pro API key), null for an anonymous visitor. */
    user: UserRow | null;
    /** SHA-256 of the session cookie that authenticated the request. */
    sessionTokenHash: string | null;
    /** Id of the API key that authenticated the request. */
    apiKeyId: string | null;
  }
}

/** Pro API keys: 120 requests a minute each, then doubling waits. */
export const API_KEY_RULE = { limit: 120, windowMs: 60_000, baseDelayMs: 1_000, maxDelayMs: 60_000 };
const API_KEY_PATTERN = /^zk_[A-Za-z0-9_-]{43}$/;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const direct = request.headers['x-api-key'];
  return typeof direct === 'string' ? direct.trim() : undefined;
}

/**
 * CSRF guard for cookie-authenticated writes: a browser always sends `Origin` on a cross-site POST,
 * PUT, PATCH or DELETE; it must name the host the request came to. Without `Origin`, a browser's
 * `Sec-Fetch-Site: cross-site` is refused too.
 */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const cookies = request.cookies;
  if (!cookies[SESSION_COOKIE] && !cookies[ANONYMOUS_ZONE_COOKIE]) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'cross-site';
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  const sameHost = [request.headers.host, request.headers['x-forwarded-host']].some((host) => {
    if (typeof host !== 'string') return false;
    try {
      return new URL(`${originUrl.protocol}//${host}`).host === originUrl.host;
    } catch {
      return false;
    }
  });
  return !sameHost;
}

/**
 * Every request: refuses cross-site cookie writes (403), then puts the signed-in user on
 * `request.user` — from the session cookie (one indexed lookup), or from a Pro API key
 * (`Authorization: Bearer zk_…`, rate-limited per key).
 */
export function installAuthentication(app: FastifyInstance, context: AppContext): void {
  const clock = context.clock ?? (() => new Date());
  const apiKeyThrottle = new AttemptThrottle(API_KEY_RULE, () => clock().getTime());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiKeyId', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (isCrossSiteWrite(request)) throw forbidden('Requête refusée : origine différente du site (protection CSRF)');
    const apiKey = apiKeyOf(request);
    if (apiKey) {
      if (!API_KEY_PATTERN.test(apiKey)) throw new HttpError(401, 'UNAUTHORIZED', 'Clé d’API invalide');
      const keyHash = hashSecret(apiKey);
      const wait = apiKeyThrottle.waitFor(keyHash);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        reply.header('Retry-After', String(seconds));
        throw new HttpError(429, 'RATE_LIMITED', `Trop de requêtes avec cette clé d’API. Réessayez dans ${seconds} s.`);
      }
      apiKeyThrottle.record(keyHash);
      const found = await selectApiKeyUser(context.database, keyHash);
      if (!found) throw new HttpError(401, 'UNAUTHORIZED', 'Clé d’API invalide ou révoquée');
      if (found.user.tier !== 'pro') {
        throw new HttpError(403, 'FORBIDDEN', 'L’API REST est réservée à l’offre Pro.');
      }
      request.user = found.user;
      request.apiKeyId = found.keyId;
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const tokenHash = hashSecret(token);
    const user = await selectSessionUser(context.database, tokenHash, clock());
    if (user) {
      request.user = user;
      request.sessionTokenHash = tokenHash;
    }
  });
}
