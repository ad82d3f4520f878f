import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** `'sha256-…'` sources of the inline scripts of the built `index.html` (the theme script runs before paint). */
export function inlineScriptHashes(clientDirectory: string | undefined): string[] {
  if (!clientDirectory) return [];
  const indexFile = join(clientDirectory, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

export interface SecurityHeaderOptions {
  clientDirectory: string | undefined;
  /** A hosted map style (its tiles and fonts come from elsewhere). */
  mapStyleUrl: string | undefined;
}

/**
 * Security headers on every answer: a Content-Security-Policy that allows only our own origin (plus
 * the hosted map style's origin when one is configured), workers from our origin or `blob:` (MapLibre),
 * WebAssembly (DuckDB), no framing; `nosniff`; a strict referrer policy; HSTS only when the request
 * came over HTTPS (directly or through a proxy that says so).
 */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const hosted = options.mapStyleUrl ? [new URL(options.mapStyleUrl).origin, 'https:'] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes(options.clientDirectory)],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...hosted],
        fontSrc: ["'self'", 'data:', ...hosted],
        connectSrc: ["'self'", 'data:', 'blob:', ...hosted],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Sent below only over HTTPS: on plain HTTP (local use) it would be ignored or wrong.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
