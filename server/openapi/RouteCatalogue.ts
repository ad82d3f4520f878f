import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteDocumentation } from './documented';

/** One registered route: method, full path (Fastify syntax, `/api/user-zones/:id`) and its documentation. */
export interface CataloguedRoute {
  method: string;
  url: string;
  documentation: RouteDocumentation | undefined;
}

/**
 * Every route registered on an instance after {@link catalogueRoutes} was called, from Fastify's
 * `onRoute` hook (the automatic HEAD twins of GET routes left out).
 */
export function catalogueRoutes(app: FastifyInstance): CataloguedRoute[] {
  const routes: CataloguedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, documentation: route.config?.openapi });
    }
  });
  return routes;
}
