import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript } from '../tests/support/serverProcess';

/**
 * The real server started on a data folder it cannot use stops at once with one French line (no stack
 * trace), exit code 1, and writes nothing.
 */
describe('server start on an unusable data folder', () => {
  const parent = mkdtempSync(join(tmpdir(), 'zonalyse-start-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('refuses a folder it cannot write, in French, before any write', async () => {
    const file = join(parent, 'donnees');
    writeFileSync(file, 'pas un dossier');
    const run = runScript('server/main.ts', [], { DATA_DIR: join(file, 'base'), DATABASE_URL: '', PORT: '5301' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/✗ Le dossier de données .* n’est pas utilisable en écriture : un fichier porte/);
    expect(run.output()).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('pas un dossier');
  });

  it('refuses a folder another live process holds, in French, and leaves it as it was', async () => {
    const folder = mkdtempSync(join(parent, 'tenu-'));
    writeFileSync(join(folder, 'zonalyse.lock'), String(process.pid));
    const run = runScript('server/main.ts', [], { DATA_DIR: folder, DATABASE_URL: '', PORT: '5301' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`est déjà ouvert par le processus ${process.pid}`);
    expect(readdirSync(folder)).toEqual(['zonalyse.lock']);
  });
});
