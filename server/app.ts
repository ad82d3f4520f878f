import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { AppContext, RouteModule } from './AppContext';
import { installAuthentication } from './account/authenticateRequest';
import { frameworkErrors, installErrorHandler } from './http/errorHandler';
import { installRequestDeadline } from './http/requestDeadline';
import { installSecurityHeaders } from './http/securityHeaders';
import { catalogueRoutes } from './openapi/RouteCatalogue';
import { openApiRoutes } from './openapi/openApiRoutes';
import { ROUTE_MODULES } from './routeModules';

export interface BuildAppOptions {
  /** Folder of the built client (`dist/`); not served when absent. */
  clientDirectory?: string | undefined;
  routeModules?: RouteModule[];
  logger?: boolean;
}

export const DEFAULT_CLIENT_DIRECTORY = resolve('dist');

/** Largest request body (a zone's polygon at the vertex limit fits well inside). */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * The Fastify application: the API under `/api`, the built client with an SPA fallback to
 * `index.html`, and the `{detail, code}` error body for every failure.
 */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: context.config.logLevel },
    logController: new LogController({
      disableRequestLogging: context.config.logLevel !== 'debug' && context.config.logLevel !== 'trace',
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: 'loopback',
    frameworkErrors,
  });
  installErrorHandler(app, context.config.requestDeadlineMs);
  installRequestDeadline(app, context.config.requestDeadlineMs);
  await installSecurityHeaders(app, {
    clientDirectory: options.clientDirectory,
    mapStyleUrl: context.config.mapStyleUrl,
  });
  await app.register(fastifyCookie);
  installAuthentication(app, context);

  await app.register(
    async (api) => {
      const routes = catalogueRoutes(api);
      for (const register of options.routeModules ?? ROUTE_MODULES) await register(api, context);
      openApiRoutes(api, routes);
    },
    { prefix: '/api' },
  );

  const clientDirectory = options.clientDirectory;
  const serveClient = clientDirectory !== undefined && existsSync(join(clientDirectory, 'index.html'));
  if (serveClient) {
    await app.register(fastifyStatic, {
      root: clientDirectory,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (path === '/api' || path.startsWith('/api/') || !serveClient || request.method !== 'GET' || looksLikeFile) {
      return reply.status(404).send({ detail: `Route introuvable : ${request.method} ${path}`, code: 'NOT_FOUND' });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });

  return app;
}
