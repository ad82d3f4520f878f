import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryUnwritableError } from './DataDirectoryLock';
import { openPgliteThread } from './openPgliteThread';

/** Mounts a tmpfs of `size` on a new folder, or answers undefined where mounting is not allowed (not root). */
function mountSmallDisk(size: string): string | undefined {
  const mountPoint = mkdtempSync(join(tmpdir(), 'zonalyse-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mountPoint], { stdio: 'ignore' });
    return mountPoint;
  } catch {
    rmSync(mountPoint, { recursive: true, force: true });
    return undefined;
  }
}

const mounted: string[] = [];
const disk = (size: string) => {
  const mountPoint = mountSmallDisk(size);
  if (mountPoint) mounted.push(mountPoint);
  return mountPoint;
};
const canMount = (() => {
  const probe = mountSmallDisk('1m');
  if (!probe) return false;
  execFileSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  return true;
})();

/**
 * The embedded database on a disk that is full (a small tmpfs, so the writes really fail with ENOSPC):
 * the server refuses to start with a French message and leaves nothing half written behind.
 */
describe.skipIf(!canMount)('the embedded database on a full disk', () => {
  afterAll(() => {
    for (const mountPoint of mounted) {
      execFileSync('umount', [mountPoint]);
      rmSync(mountPoint, { recursive: true, force: true });
    }
  });

  it('refuses to start on a disk with less room than a database needs, writing nothing', async () => {
    const mountPoint = disk('2m') as string;
    const directory = join(mountPoint, 'base');
    const opening = openPgliteThread({ dataDirectory: directory });
    await expect(opening).rejects.toThrow(DataDirectoryUnwritableError);
    await expect(opening).rejects.toThrow(
      /n’est pas utilisable en écriture : disque plein \(\d+ Mo libres, il en faut au moins 128\)/,
    );
    expect(readdirSync(directory)).toEqual([]);
  });

  // Opening PGlite with PostGIS takes seconds, and much longer on a loaded machine.
  it('removes a database the disk filled up during its creation', { timeout: 300_000 }, async () => {
    const mountPoint = disk('8m') as string;
    const directory = join(mountPoint, 'base');
    mkdirSync(directory);
    // Past the free-space check, PGlite's own writes meet the full disk.
    const opening = openPgliteThread({ dataDirectory: directory, minimumFreeBytes: 0 });
    await expect(opening).rejects.toThrow(DataDirectoryUnwritableError);
    await expect(opening).rejects.toThrow(/n’est pas utilisable en écriture : disque plein\./);
    expect(readdirSync(directory)).toEqual([]);
  });
});
