import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDataDirectory } from '../../tests/support/testDatabase';
import { killHard, runScript } from '../../tests/support/serverProcess';
import { openPglite } from '../db/openPglite';

interface Snapshot {
  rows: number;
  digest: string;
  datasets: string;
}

/** Rows, a digest of every row and the `datasets` record of the BAN addresses in a data folder. */
async function snapshot(dataDirectory: string): Promise<Snapshot> {
  const database = await openPglite({ dataDirectory });
  try {
    const { rows } = await database.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(string_agg(ban_addresses::text, '|' ORDER BY id)) AS digest FROM ban_addresses`,
    );
    const { rows: datasets } = await database.query<{ record: string }>(
      `SELECT string_agg(concat_ws(' ', source, territory, vintage, row_count, checksum), ', ') AS record
         FROM datasets WHERE source = 'ban'`,
    );
    return { rows: rows[0]?.rows ?? 0, digest: rows[0]?.digest ?? '', datasets: datasets[0]?.record ?? '' };
  } finally {
    await database.close();
  }
}

/**
 * The import command (`npm run data:import`) on an embedded database folder holding the demo territory (a
 * copy of the one the test setup imported), killed with SIGKILL half-way through a reload of the BAN
 * addresses: the previous addresses and their `datasets` record are intact, and the next import completes
 * with the same rows.
 */
describe('import killed half-way', () => {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'zonalyse-import-killed-'));
  const environment = { DATA_DIR: dataDirectory, DATABASE_URL: '', OPENDATA_DIR: openDataDirectory() };
  const importBan = () => runScript('server/import/cli.ts', ['--only', 'ban', '--force'], environment);
  afterAll(() => rmSync(dataDirectory, { recursive: true, force: true }));

  it('leaves the previous data intact and the next import succeeds', async () => {
    cpSync(inject('demoPgliteDirectory'), dataDirectory, { recursive: true });
    const before = await snapshot(dataDirectory);
    expect(before.rows).toBeGreaterThan(100_000);
    expect(before.datasets).toContain(String(before.rows));

    const interrupted = importBan();
    // Killed once the reload has deleted the old rows and copied a good part of the new ones.
    await expect
      .poll(() => /ban|adresse/i.test(interrupted.output()) && / [3-9]0 % — /.test(interrupted.output()), {
        timeout: 170_000,
        interval: 20,
      })
      .toBe(true);
    await killHard(interrupted);
    expect(interrupted.output()).not.toContain('Terminé');
    expect(await snapshot(dataDirectory)).toEqual(before);

    const next = importBan();
    expect(await next.exited, next.output()).toBe(0);
    expect(next.output()).toContain('Terminé : 1 jeu(x) chargé(s)');
    const after = await snapshot(dataDirectory);
    expect(after.rows).toBe(before.rows);
    expect(after.digest).toBe(before.digest);
  }, 600_000);
});
