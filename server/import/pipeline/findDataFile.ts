import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first of the candidate paths (relative to the open-data folder) that exists, each also tried
 * with and without `.gz`; `undefined` when none does.
 */
export function findDataFile(directory: string, candidates: readonly string[]): string | undefined {
  for (const candidate of candidates) {
    const variants = candidate.endsWith('.gz') ? [candidate, candidate.slice(0, -3)] : [candidate, `${candidate}.gz`];
    for (const variant of variants) {
      const path = join(directory, variant);
      if (existsSync(path)) return path;
    }
  }
  return undefined;
}
