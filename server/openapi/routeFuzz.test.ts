import { randomUUID } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database, DatabaseKind } from '../db/Database';
import { statementTimeoutFor } from '../db/openDatabase';
import { openPgliteThread } from '../db/openPgliteThread';
import { openPostgres } from '../db/openPostgres';
import {
  hostileArbitrary,
  hostileLeaf,
  validArbitrary,
  type JsonSchema,
} from '../../tests/support/jsonSchemaArbitrary';
import { proSessionCookie } from '../../tests/support/proSession';
import { dropSchemas, testDatabaseKinds } from '../../tests/support/testDatabase';
import { USER_TABLES, userDataChecksum } from '../../tests/support/userDataChecksum';
import type { OpenApiDocument, OpenApiOperation } from './openApiDocument';

/**
 * Property-based fuzzing of every documented route, generated from the OpenAPI document (the routes' own
 * zod contracts): valid and boundary inputs, then hostile ones. Whatever arrives, the server answers within
 * its deadline, never with a 5xx other than the deadline's 503, every 400 names the field in French, and a
 * refused request changes no user data. `FUZZ_SEED` replays a run (the seed is printed on failure);
 * `FUZZ_RUNS` sets the cases per route.
 */
/**
 * Half the production deadline (20 s): long enough that a valid request is not cut by the statement limit
 * on a loaded 2-core machine (stopping PGlite's thread and reopening it is what `requestDeadline.test.ts`
 * exercises), short enough to fail a request that hangs.
 */
const DEADLINE_MS = 10_000;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** What the event loop and the checksum query may add to the deadline on a loaded 2-core machine. */
const ANSWER_MARGIN_MS = 1500;

interface Route {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

interface FuzzRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value, or raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
  signedIn: boolean;
}

const copies: string[] = [];
process.once('exit', () => {
  for (const directory of copies) rmSync(directory, { recursive: true, force: true });
});

/**
 * The database the server runs on in production, with its statement limit: PGlite in its worker thread
 * on a private copy of the demo data; on PostgreSQL, a scratch schema holding empty copies of the user
 * tables in front of the shared demo schema, so that writes never touch the demo rows.
 */
async function openFuzzDatabase(kind: DatabaseKind): Promise<{ database: Database; close: () => Promise<void> }> {
  const statementTimeoutMs = statementTimeoutFor(DEADLINE_MS);
  if (kind === 'pglite') {
    const template = inject('demoPgliteDirectory');
    const directory = join(dirname(template), 'copies', `fuzz-${process.pid}-${randomUUID().slice(0, 8)}`);
    cpSync(template, directory, { recursive: true });
    copies.push(directory);
    const database = await openPgliteThread({ dataDirectory: directory, statementTimeoutMs });
    return {
      database,
      close: async () => {
        await database.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  const demo = inject('demoPostgresSchema');
  const overlay = `fuzz_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const setup = await openPostgres({ connectionString: process.env.TEST_DATABASE_URL as string, maxConnections: 1 });
  await setup.exec(
    [
      `CREATE SCHEMA "${overlay}"`,
      ...USER_TABLES.map((table) => `CREATE TABLE "${overlay}".${table} (LIKE "${demo}".${table} INCLUDING ALL)`),
    ].join('; '),
  );
  // `search_path` is overlay, demo, public: user tables resolve to the overlay, the rest to the demo.
  const searchPath = `${overlay},${demo}`;
  const database = await openPostgres({
    connectionString: process.env.TEST_DATABASE_URL as string,
    schema: searchPath,
    statementTimeoutMs,
    maxConnections: 4,
  });
  return {
    database,
    close: async () => {
      await database.close();
      await dropSchemas(setup, [overlay, searchPath]);
      await setup.close();
    },
  };
}

function routesOf(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

function parameterSchemas(route: Route, location: 'path' | 'query'): [string, JsonSchema, boolean][] {
  return route.operation.parameters
    .filter((parameter) => parameter.in === location)
    .map((parameter) => [parameter.name, parameter.schema, parameter.required]);
}

function bodySchema(route: Route): JsonSchema | undefined {
  return route.operation.requestBody?.content['application/json']?.schema;
}

/** Parameters (path or query) as a record: required ones always, optional ones sometimes. */
function parametersArbitrary(
  parameters: [string, JsonSchema, boolean][],
  value: (schema: JsonSchema) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(parameters.map(([name, schema]) => [name, value(schema)]));
  return fc.record(model, {
    requiredKeys: parameters.filter(([, , required]) => required).map(([name]) => name),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A request whose every part follows the route's contract. */
function validRequest(route: Route): fc.Arbitrary<FuzzRequest> {
  const schema = bodySchema(route);
  return fc.record({
    params: parametersArbitrary(parameterSchemas(route, 'path'), (parameter) => validArbitrary(parameter)),
    query: parametersArbitrary(parameterSchemas(route, 'query'), (parameter) => validArbitrary(parameter)),
    body: schema ? validArbitrary(schema).map((json) => ({ json })) : fc.constant(undefined),
    signedIn: fc.boolean(),
  }) as fc.Arbitrary<FuzzRequest>;
}

const HUGE_QUERY_VALUE = 'a'.repeat(100_000);

/** Raw bodies no JSON schema describes: broken JSON, deep nesting, huge numbers, wrong content types. */
const RAW_BODIES: fc.Arbitrary<{ raw: string; contentType: string }> = fc.constantFrom(
  { raw: '{', contentType: 'application/json' },
  { raw: '', contentType: 'application/json' },
  { raw: 'null', contentType: 'application/json' },
  { raw: '"texte"', contentType: 'application/json' },
  { raw: '[]', contentType: 'application/json' },
  { raw: '1e999', contentType: 'application/json' },
  { raw: '{"geometry": NaN}', contentType: 'application/json' },
  { raw: '{"limit": 1e999, "page": -1e999}', contentType: 'application/json' },
  { raw: '{"__proto__": {"admin": true}}', contentType: 'application/json' },
  { raw: '{"constructor": {"prototype": {"admin": true}}}', contentType: 'application/json' },
  { raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' },
  { raw: `{"a":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`, contentType: 'application/json' },
  { raw: '{"name": "\\ud800"}', contentType: 'application/json' },
  { raw: '{"x": 1}', contentType: 'text/plain' },
  { raw: '<xml/>', contentType: 'application/xml' },
  { raw: `{"padding": "${'x'.repeat(6 * 1024 * 1024)}"}`, contentType: 'application/json' },
);

/** A request with one part (a path or query parameter, or the body) replaced by a hostile value. */
function hostileRequest(route: Route): fc.Arbitrary<FuzzRequest> {
  const valid = validRequest(route);
  const pathParameters = parameterSchemas(route, 'path');
  const queryParameters = parameterSchemas(route, 'query');
  const schema = bodySchema(route);
  const mutations: fc.Arbitrary<FuzzRequest>[] = [];
  if (pathParameters.length > 0) {
    mutations.push(
      fc
        .tuple(
          valid,
          fc.constantFrom(...pathParameters),
          fc.oneof(hostileLeaf, fc.constant(HUGE_QUERY_VALUE.slice(0, 2000))),
        )
        .map(([request, [name], value]) => ({ ...request, params: { ...request.params, [name]: value } })),
    );
  }
  const queryNames = [...queryParameters.map(([name]) => name), 'inconnu'];
  mutations.push(
    fc
      .tuple(
        valid,
        fc.constantFrom(...queryNames),
        fc.oneof(
          hostileLeaf,
          fc.constant(HUGE_QUERY_VALUE),
          fc.array(fc.string({ maxLength: 10 }), { maxLength: 200 }),
        ),
      )
      .map(([request, name, value]) => ({ ...request, query: { ...request.query, [name]: value } })),
  );
  if (schema) {
    mutations.push(
      fc.tuple(valid, hostileArbitrary(schema)).map(([request, json]) => ({ ...request, body: { json } })),
      fc.tuple(valid, RAW_BODIES).map(([request, body]) => ({ ...request, body })),
    );
  }
  return fc.oneof(...mutations);
}

function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A lone surrogate cannot be written in a URL: a client sends U+FFFD instead, as URLSearchParams does. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function urlOf(route: Route, request: FuzzRequest): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = request.params[name];
    const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
    return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
  });
  return `${path}${queryString(request.query)}`;
}

/** Shown in a failure: the request without its megabytes. */
function describeRequest(route: Route, request: FuzzRequest): string {
  const text = JSON.stringify({ url: urlOf(route, request), body: request.body, signedIn: request.signedIn });
  return `${route.method} ${text.length > 5000 ? `${text.slice(0, 1000)}… (${text.length} caractères)` : text}`;
}

const ENGLISH = /\b(the|must|should|is|are|cannot|unexpected|expected|invalid|object|contains|body|required)\b/i;
const FRENCH =
  /[éèêàâçùûôîœ«»’]|\b(de|du|des|la|le|les|un|une|au|aux|est|pas|requis|trop|introuvable|inconnue?|invalide|zone|requise?|connexion|aucune?)\b/i;
/** Messages the product specification sets in English, word for word. */
const SPECIFIED_MESSAGES = [/^Invalid geometry format/];

/** Whether a message reads as French (and not as a framework's English), or is one the spec imposes. */
function isFrench(detail: string): boolean {
  if (SPECIFIED_MESSAGES.some((message) => message.test(detail))) return true;
  const withoutQuotedFields = detail.replace(/«[^»]*»/g, '');
  return FRENCH.test(detail) && !ENGLISH.test(withoutQuotedFields);
}

interface ErrorAnswer {
  detail?: unknown;
  code?: unknown;
  field?: unknown;
  errors?: { field?: unknown }[];
}

/** What is wrong with an answer, or undefined. */
function problemOf(response: LightMyRequestResponse, elapsedMs: number, dataChanged: boolean): string | undefined {
  const status = response.statusCode;
  let body: ErrorAnswer = {};
  if (status >= 400) {
    try {
      body = response.json<ErrorAnswer>();
    } catch {
      return `${status} sans corps JSON : ${response.body.slice(0, 200)}`;
    }
  }
  const detail = typeof body.detail === 'string' ? body.detail : '';
  if (status >= 500 && !(status === 503 && body.code === 'DEADLINE_EXCEEDED')) return `${status} ${detail}`;
  // The statement limit, shorter than the deadline, answers the same 503 when PostgreSQL stops the query.
  if (status === 503 && elapsedMs < statementTimeoutFor(DEADLINE_MS) - 200) {
    return `503 avant le délai (${Math.round(elapsedMs)} ms)`;
  }
  if (elapsedMs > DEADLINE_MS + ANSWER_MARGIN_MS) return `réponse ${status} en ${Math.round(elapsedMs)} ms`;
  if (status >= 400 && !isFrench(detail)) return `${status} sans message en français : ${detail}`;
  if (status === 400) {
    const namesField =
      detail.includes('«') ||
      typeof body.field === 'string' ||
      (Array.isArray(body.errors) && body.errors.some((error) => typeof error.field === 'string'));
    if (!namesField) return `400 qui ne nomme pas le champ : ${detail}`;
  }
  if (status >= 400 && dataChanged) return `${status} refusé mais les données utilisateur ont changé`;
  return undefined;
}

describe.each(testDatabaseKinds())('every route survives valid, boundary and hostile inputs (%s)', (kind) => {
  let database: Database;
  let closeDatabase: () => Promise<void>;
  let app: FastifyInstance;
  let routes: Route[];
  let lastError = '';

  beforeAll(async () => {
    ({ database, close: closeDatabase } = await openFuzzDatabase(kind));
    const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off', REQUEST_DEADLINE_MS: String(DEADLINE_MS) });
    app = await buildApp({ database, config }, { logger: false });
    // The cause of a 500 (its message goes to the log only, which is off here).
    app.addHook('onError', (_request, _reply, error, done) => {
      lastError = error.message;
      done();
    });
    await app.ready();
    routes = routesOf((await app.inject('/api/docs/openapi.json')).json<OpenApiDocument>());
  }, 900_000);

  afterAll(async () => {
    await app?.close();
    await closeDatabase?.();
  });

  it(
    'answers every documented route within the deadline, without a 5xx, refusals in French and harmless',
    {
      timeout: 900_000,
    },
    async () => {
      expect(routes.length).toBeGreaterThan(90);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const [index, route] of routes.entries()) {
        const cookie = await proSessionCookie(database);
        const property = fc.asyncProperty(
          fc.oneof({ arbitrary: validRequest(route), weight: 1 }, { arbitrary: hostileRequest(route), weight: 2 }),
          async (request) => {
            const before = await userDataChecksum(database);
            const started = performance.now();
            const response = await app.inject({
              method: route.method as 'GET',
              url: urlOf(route, request),
              headers: {
                ...(request.signedIn ? { cookie } : {}),
                ...(request.body
                  ? { 'content-type': 'raw' in request.body ? request.body.contentType : 'application/json' }
                  : {}),
              },
              ...(request.body
                ? { payload: 'raw' in request.body ? request.body.raw : JSON.stringify(request.body.json) }
                : {}),
            });
            const elapsed = performance.now() - started;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            const after = response.statusCode >= 400 ? await userDataChecksum(database) : before;
            const problem = problemOf(response, elapsed, after !== before);
            const cause = response.statusCode >= 500 ? ` (cause : ${lastError})` : '';
            if (problem) throw new Error(`${problem}${cause}\n  requête : ${describeRequest(route, request)}`);
          },
        );
        const routeStarted = performance.now();
        const details = await fc.check(property, { numRuns: RUNS_PER_ROUTE, seed: SEED + index, endOnFailure: true });
        if (process.env.FUZZ_VERBOSE) {
          console.log(
            `[fuzz ${kind}] ${route.method} ${route.path} ${Math.round(performance.now() - routeStarted)} ms`,
          );
        }
        if (details.failed) {
          const cause = 'errorInstance' in details ? details.errorInstance : 'trop de cas écartés';
          const error = cause instanceof Error ? cause.message : String(cause);
          failures.push(
            `${route.method} ${route.path} (FUZZ_SEED=${SEED}, graine ${details.seed}) : ${error.split('\n').slice(0, 3).join('\n')}`,
          );
        }
      }
      console.log(
        `[fuzz ${kind}] ${routes.length} routes × ${RUNS_PER_ROUTE} cas, FUZZ_SEED=${SEED}, statuts : ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect(failures).toEqual([]);
    },
  );
});
