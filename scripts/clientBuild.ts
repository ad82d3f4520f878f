import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT_SOURCES = ['src', 'workers', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestModification(join(path, name))),
    stats.mtimeMs,
  );
}

/** True when `dist/` is missing or older than a client source. */
export function clientBuildIsStale(): boolean {
  const builtAt = newestModification(join(ROOT, 'dist', 'index.html'));
  if (builtAt === 0) return true;
  return CLIENT_SOURCES.some((source) => newestModification(join(ROOT, source)) > builtAt);
}

/** Builds the client with Vite when it is stale. */
export function buildClientIfNeeded(): void {
  if (!clientBuildIsStale()) return;
  console.log('Construction de l’interface (vite build)…');
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('La construction de l’interface a échoué');
}
