import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { unzipSync } from 'fflate';

/**
 * Writes the one entry of a zip archive whose name matches `entry` to `path` (INSEE publishes its
 * bases as `.zip` holding the CSV and a metadata file). Fails when no entry or several match.
 */
export function extractZipEntry(zipPath: string, entry: RegExp, path: string): void {
  const entries = unzipSync(readFileSync(zipPath), { filter: (file) => entry.test(basename(file.name)) });
  const names = Object.keys(entries);
  if (names.length !== 1) {
    throw new Error(
      `${basename(zipPath)} : une entrée ${entry} attendue, trouvé ${names.length} (${names.join(', ')})`,
    );
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.part`, entries[names[0] as string] as Uint8Array);
  renameSync(`${path}.part`, path);
}
