import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/openPostgres';
import { installErrorHandler } from './errorHandler';

const NESTED = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

describe('a statement the database finds too complex', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 422 in French when PostgreSQL refuses a value nested too deeply (SQLSTATE 54001)',
    async () => {
      const database = await openPostgres({ connectionString: process.env.TEST_DATABASE_URL as string });
      try {
        const app = Fastify({ logger: false });
        installErrorHandler(app, 1000);
        app.post('/api/nested', async (request) => {
          const { rows } = await database.query('SELECT jsonb_typeof($1::text::jsonb) AS kind', [request.body]);
          return rows;
        });
        const response = await app.inject({
          method: 'POST',
          url: '/api/nested',
          headers: { 'content-type': 'text/plain' },
          payload: NESTED,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          code: 'STATEMENT_TOO_COMPLEX',
          detail: 'Requête trop complexe : une valeur envoyée est imbriquée trop profondément pour être traitée',
        });
      } finally {
        await database.close();
      }
    },
  );
});

describe('a database that cannot answer for now', () => {
  const UNAVAILABLE = {
    code: 'DATABASE_UNAVAILABLE',
    detail: 'Base de données momentanément indisponible : réessayez dans quelques secondes',
  };

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers 503 in French when PostgreSQL ends the connection of a running statement (a restart does)',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      const applicationName = `zonalyse-unavailable-${process.pid}`;
      url.searchParams.set('application_name', applicationName);
      const database = await openPostgres({ connectionString: url.toString(), maxConnections: 1 });
      const administration = await openPostgres({
        connectionString: process.env.TEST_DATABASE_URL as string,
        maxConnections: 1,
      });
      try {
        const app = Fastify({ logger: false });
        installErrorHandler(app, 1000);
        app.get('/api/slow', async () => (await database.query('SELECT pg_sleep(10)')).rows);
        const answer = app.inject('/api/slow');
        await expect
          .poll(async () => {
            const { rows } = await administration.query<{ count: number }>(
              `SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'`,
              [applicationName],
            );
            return rows[0]?.count;
          })
          .toBe(1);
        await administration.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
          [applicationName],
        );
        const response = await answer;
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual(UNAVAILABLE);
      } finally {
        await database.close();
        await administration.close();
      }
    },
  );
});
