import type { FastifyInstance } from 'fastify';
import type { RouteModule } from '../../server/AppContext';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/Database';

/** The Fastify app on a test database, without logging; call `app.inject` on it. */
export function buildTestApp(
  database: Database,
  options: { clientDirectory?: string; routeModules?: RouteModule[] } = {},
): Promise<FastifyInstance> {
  return buildApp(
    { database, config: { ...loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) } },
    { logger: false, ...options },
  );
}
