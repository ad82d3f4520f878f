import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { documented } from './documented';
import { buildOpenApiDocument, type OpenApiDocument } from './openApiDocument';
import { renderOpenApiPage } from './openApiPage';
import type { CataloguedRoute } from './RouteCatalogue';

/**
 * `GET /api/docs` (a readable page) and `GET /api/docs/openapi.json` (OpenAPI 3.1), built once from
 * the documentation every route carries (see {@link documented}).
 */
export function openApiRoutes(app: FastifyInstance, routes: readonly CataloguedRoute[]): void {
  let document: OpenApiDocument | undefined;
  const current = () => (document ??= buildOpenApiDocument(routes));

  const getDocsOpenapiDocumentation = documented({
    tag: 'documentation',
    summary: 'Description OpenAPI 3.1 de toutes les routes, générée depuis les schémas zod',
    response: z.object({ openapi: z.string(), info: z.object({}).loose(), paths: z.record(z.string(), z.unknown()) }),
  });
  app.get('/docs/openapi.json', getDocsOpenapiDocumentation, async () => current());

  const getDocsDocumentation = documented({
    tag: 'documentation',
    summary: 'Page lisible de la description OpenAPI',
    response: { contentType: 'text/html', description: 'Page HTML' },
  });
  app.get('/docs', getDocsDocumentation, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderOpenApiPage(current())),
  );
}
