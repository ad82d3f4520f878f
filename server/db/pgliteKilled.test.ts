import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBlankDataDirectory } from '../../tests/support/testDatabase';
import { killHard, startServerProcess, type ServerRun } from '../../tests/support/serverProcess';
import { openPglite } from './openPglite';

function zone(id: string, index: number) {
  const west = 2.3 + (index % 50) * 0.002;
  const ring = [
    [west, 48.85],
    [west + 0.001, 48.85],
    [west + 0.001, 48.851],
    [west, 48.85],
  ];
  return {
    id,
    name: `Zone ${id}`,
    coordinates: [west, 48.85],
    geometry: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
  };
}

interface Acknowledged {
  id: string;
  cookie: string;
}

async function stopGracefully(server: ServerRun): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/**
 * The real server on an embedded database folder, killed with SIGKILL while four clients write zones
 * (each zone from a new anonymous visitor): restarted on the same folder, it opens, every zone it had
 * acknowledged with a 201 is there, its indexes agree with its table, and it takes new writes.
 */
describe('server killed (SIGKILL) during zone writes on the embedded database', () => {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'zonalyse-killed-'));
  const environment = {
    DATA_DIR: dataDirectory,
    DATABASE_URL: '',
    AUTO_IMPORT: 'false',
    SMTP_URL: 'smtp://127.0.0.1:9',
  };
  afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

  it('reopens with every acknowledged zone and a consistent database', async () => {
    await createBlankDataDirectory(dataDirectory);
    const first = await startServerProcess(environment);
    const acknowledged: Acknowledged[] = [];
    let attempted = 0;
    let writing = true;
    const writer = async (writerIndex: number) => {
      for (let index = 0; writing; index += 1) {
        const id = `zone-${writerIndex}-${index}`;
        attempted += 1;
        try {
          const response = await fetch(`${first.baseUrl}/api/user-zones`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(zone(id, index)),
          });
          if (response.status === 201) {
            acknowledged.push({ id, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string });
          }
        } catch {
          return; // the server has gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(60);
    await killHard(first);
    writing = false;
    await Promise.all(writers);
    expect(attempted).toBeGreaterThan(acknowledged.length);

    const second = await startServerProcess(environment);
    try {
      for (const { id, cookie } of acknowledged) {
        const zones = (await (await fetch(`${second.baseUrl}/api/user-zones`, { headers: { cookie } })).json()) as {
          id: string;
        }[];
        expect(zones.map((saved) => saved.id)).toEqual([id]);
      }
      const after = await fetch(`${second.baseUrl}/api/user-zones`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(zone('après-redémarrage', 0)),
      });
      expect(after.status).toBe(201);
    } finally {
      await stopGracefully(second);
    }

    const database = await openPglite({ dataDirectory });
    try {
      const count = async (sql: string) => (await database.query<{ count: number }>(sql)).rows[0]?.count ?? Number.NaN;
      const rows = await count('SELECT count(*)::int AS count FROM user_zones');
      // Every acknowledged zone, the one written after the restart, and at most the writes in flight.
      expect(rows).toBeGreaterThanOrEqual(acknowledged.length + 1);
      expect(rows).toBeLessThanOrEqual(attempted + 1);
      // The primary key and the spatial index agree with the table.
      await database.exec('SET enable_seqscan = off');
      expect(await count(`SELECT count(*)::int AS count FROM user_zones WHERE owner_kind = 'anonymous'`)).toBe(rows);
      expect(
        await count(
          `SELECT count(*)::int AS count FROM user_zones WHERE geometry && ST_MakeEnvelope(2, 48, 3, 49, 4326)`,
        ),
      ).toBe(rows);
      expect(await count('SELECT count(*)::int AS count FROM user_zones WHERE NOT ST_IsValid(geometry)')).toBe(0);
    } finally {
      await database.close();
    }
  }, 400_000);
});
