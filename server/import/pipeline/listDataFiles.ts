import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of some folders of the open-data directory whose name matches `pattern`, as absolute
 * paths sorted by name; a name present both plain and gzipped is listed once (the plain file).
 */
export function listDataFiles(directory: string, folders: readonly string[], pattern: RegExp): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    const path = join(directory, folder);
    if (!existsSync(path)) continue;
    const names = readdirSync(path).filter((name) => pattern.test(name));
    for (const name of names.sort()) {
      if (name.endsWith('.gz') && names.includes(name.slice(0, -3))) continue;
      found.push(join(path, name));
    }
  }
  return found;
}
