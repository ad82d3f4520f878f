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
