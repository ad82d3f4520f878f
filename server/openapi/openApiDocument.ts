import { z } from 'zod';
import type { BinaryResponse, RouteDocumentation } from './documented';
import type { CataloguedRoute } from './RouteCatalogue';

type JsonSchema = Record<string, unknown>;

/** An OpenAPI 3.1 document (the parts we write). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiOperation {
  summary: string;
  description?: string;
  tags: string[];
  operationId: string;
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

/** The error body of every failure (`server/http/errorHandler.ts`). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string', description: 'Message en français' },
    code: { type: 'string', description: 'VALIDATION_ERROR, NOT_FOUND, ZONE_LIMIT_REACHED…' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
  required: ['detail', 'code'],
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function isBinary(response: z.ZodType | BinaryResponse): response is BinaryResponse {
  return 'contentType' in response && !(response instanceof z.ZodType);
}

/** `/api/user-zones/:id` → `/api/user-zones/{id}`; `/api/basemap/:z/:x/:y.mvt` → `…/{z}/{x}/{y}.mvt`. */
export function openApiPath(fastifyPath: string): string {
  return fastifyPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function pathParameterNames(fastifyPath: string): string[] {
  return [...fastifyPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
}

function parameters(documentation: RouteDocumentation, url: string): OpenApiParameter[] {
  const result: OpenApiParameter[] = [];
  const params = documentation.params ? jsonSchema(documentation.params, 'input') : { properties: {} };
  const paramProperties = (params.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of pathParameterNames(url)) {
    const schema = paramProperties[name] ?? { type: 'string' };
    result.push({ name, in: 'path', required: true, schema, ...describedBy(schema) });
  }
  if (documentation.query) {
    const query = jsonSchema(documentation.query, 'input');
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) {
      result.push({ name, in: 'query', required: required.has(name), schema, ...describedBy(schema) });
    }
  }
  return result;
}

function describedBy(schema: JsonSchema): { description?: string } {
  return typeof schema.description === 'string' ? { description: schema.description } : {};
}

function binaryContent(response: BinaryResponse): Record<string, { schema: JsonSchema }> {
  return {
    [response.contentType]: { schema: { type: 'string', format: 'binary', description: response.description } },
  };
}

function operation(route: CataloguedRoute & { documentation: RouteDocumentation }): OpenApiOperation {
  const { documentation } = route;
  const success = documentation.response;
  const content = {
    ...(isBinary(success) ? binaryContent(success) : { 'application/json': { schema: jsonSchema(success, 'output') } }),
    ...Object.assign({}, ...(documentation.alternatives ?? []).map(binaryContent)),
  } as Record<string, { schema: JsonSchema }>;
  const status = String(documentation.status ?? 200);
  return {
    summary: documentation.summary,
    ...(documentation.description ? { description: documentation.description } : {}),
    tags: [documentation.tag],
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next: string | undefined) => (next ?? '').toUpperCase())}`,
    parameters: parameters(documentation, route.url),
    ...(documentation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(documentation.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [status]: status === '204' ? { description: 'Aucun contenu' } : { description: 'Succès', content },
      '400': {
        description: 'Requête invalide (le message nomme le champ)',
        content: { 'application/json': { schema: ERROR_SCHEMA } },
      },
      default: { description: 'Erreur', content: { 'application/json': { schema: ERROR_SCHEMA } } },
    },
  };
}

/** The OpenAPI 3.1 document of the documented routes, paths in Fastify's registration order. */
export function buildOpenApiDocument(routes: readonly CataloguedRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (!route.documentation) continue;
    tags.add(route.documentation.tag);
    const path = openApiPath(route.url);
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: operation({ ...route, documentation: route.documentation }),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Zonalyse',
      version: '1',
      description:
        'Géomarketing sur données publiques françaises. Toutes les erreurs répondent `{detail, code}` ; ' +
        'une entrée invalide répond 400 avec un message qui nomme le champ.',
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  };
}
