import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultOpenDataDirectory } from '../server/config';
import { BENCHMARKS } from './benchmarks';
import { preparePgliteDirectory, preparePostgresDatabase } from './support/prepareDatabases';
import { writeSection } from './support/results';

const ROOT = resolve(import.meta.dirname, '..');

async function main(): Promise<void> {
  const selected = process.argv.slice(2);
  const benchmarks =
    selected.length > 0
      ? BENCHMARKS.filter((benchmark) => selected.includes(benchmark.name))
      : BENCHMARKS.filter((benchmark) => !benchmark.onlyWhenNamed);
  if (benchmarks.length === 0)
    throw new Error(`Benchmarks connus : ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')}`);
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  if (!openDataDirectory) throw new Error('Données ouvertes introuvables : définissez OPENDATA_DIR');
  const context = {
    openDataDirectory,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/zonalyse_bench',
    pgliteDataDirectory: join(ROOT, '.data-bench'),
    scratchDirectory: join(ROOT, 'bench', '.tmp'),
  };
  console.log('Préparation des bases (import du territoire de démonstration si nécessaire)…');
  await preparePgliteDirectory(context.pgliteDataDirectory, openDataDirectory);
  await preparePostgresDatabase(context.postgresUrl, openDataDirectory);
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  for (const benchmark of benchmarks) {
    rmSync(context.scratchDirectory, { recursive: true, force: true });
    mkdirSync(context.scratchDirectory, { recursive: true });
    console.log(`▶ ${benchmark.title}`);
    const loadBefore = loadavg()[0] ?? 0;
    const markdown = await benchmark.run(context);
    const load = `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after`;
    const stamp = `_${new Date().toISOString().slice(0, 10)} — ${machine} — ${load}_`;
    writeSection(join(ROOT, 'bench', 'RESULTS.md'), benchmark.name, `## ${benchmark.title}\n\n${stamp}\n\n${markdown}`);
    console.log(markdown);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
