import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../tests/support/testDatabase';
import { openDatabase } from './openDatabase';

const setting = `SELECT current_setting('max_parallel_workers_per_gather') AS workers,
  current_setting('statement_timeout') AS timeout`;

describe.skipIf(!testDatabaseKinds().includes('postgresql'))('openDatabase on PostgreSQL', () => {
  const config = { databaseUrl: process.env.TEST_DATABASE_URL as string, dataDirectory: '' };

  it('serves without parallel workers and with the statement limit; imports keep the server’s settings', async () => {
    const serving = await openDatabase(config, { statementTimeoutMs: 4000, serving: true });
    const importing = await openDatabase(config);
    try {
      const [served] = (await serving.query<{ workers: string; timeout: string }>(setting)).rows;
      const [imported] = (await importing.query<{ workers: string; timeout: string }>(setting)).rows;
      expect(served).toEqual({ workers: '0', timeout: '4s' });
      expect(imported?.timeout).toBe('0');
      expect(Number(imported?.workers)).toBeGreaterThan(0);
    } finally {
      await serving.close();
      await importing.close();
    }
  });
});
