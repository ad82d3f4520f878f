import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie: a random 256-bit value, HttpOnly, SameSite=Lax, Secure over HTTPS. */
export const SESSION_COOKIE = 'zonalyse_session';
export const SESSION_DAYS = 30;

const secureFor = (request: FastifyRequest, publicUrl: string | undefined) =>
  request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  publicUrl: string | undefined,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(request, publicUrl),
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string | undefined): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(request, publicUrl),
  });
}
