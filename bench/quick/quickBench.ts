import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../../server/app';
import { defaultOpenDataDirectory, loadConfig } from '../../server/config';
import type { Database } from '../../server/db/Database';
import { openPgliteThread } from '../../server/db/openPgliteThread';
import { openPostgres } from '../../server/db/openPostgres';
import { CACHE_DIRECTORY, demoDatabaseKey } from '../../tests/support/demoDatabaseCache';
import { writeSection } from '../support/results';
import { markdownTable } from '../support/statistics';
import { judgeFigures, type QuickBaseline, type QuickFigure } from './judgeFigures';
import { duckDbRatio, isochroneSpeedUps, tileEncoderRatio, zoneAnalysisCosts } from './quickMeasurements';

const BASELINE_FILE = resolve(import.meta.dirname, 'quickBaseline.json');
const RESULTS_FILE = resolve(import.meta.dirname, '..', 'RESULTS.md');

async function zoneAnalyses(database: Database, label: string): Promise<QuickFigure[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' });
  const app = await buildApp({ database, config }, { logger: false });
  try {
    return await zoneAnalysisCosts(app, label);
  } finally {
    await app.close();
  }
}

/**
 * The quick performance pass of CI, on the demo databases the integration tests have just built (run
 * after `npm test`): a few ratios measured in this run, judged against `quickBaseline.json` with a wide
 * margin. `--write-baseline` records this run's figures as the new baseline, `--record` writes them in
 * bench/RESULTS.md.
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const openDataDirectory = process.env.OPENDATA_DIR ? resolve(process.env.OPENDATA_DIR) : defaultOpenDataDirectory();
  const url = process.env.TEST_DATABASE_URL;
  if (!openDataDirectory || !url) throw new Error('Définissez OPENDATA_DIR et TEST_DATABASE_URL (comme pour npm test)');
  const key = demoDatabaseKey(openDataDirectory);
  const template = join(CACHE_DIRECTORY, `pglite-demo-${key}`);
  if (!existsSync(join(template, 'PG_VERSION'))) {
    throw new Error(`Base de démonstration ${key} absente : lancez d’abord les tests d’intégration (npm test)`);
  }
  const copy = join(CACHE_DIRECTORY, 'copies', `${process.pid}-quick-bench`);
  cpSync(template, copy, { recursive: true });
  const postgres = await openPostgres({ connectionString: url, schema: `demo_${key}`, maxConnections: 4 });
  const pglite = await openPgliteThread({ dataDirectory: copy });
  const loadBefore = loadavg()[0] ?? 0;
  const figures: QuickFigure[] = [];
  try {
    figures.push(...(await isochroneSpeedUps(postgres)));
    figures.push(await tileEncoderRatio(postgres));
    figures.push(await duckDbRatio(postgres));
    figures.push(...(await zoneAnalyses(postgres, 'PostgreSQL')));
    figures.push(...(await zoneAnalyses(pglite, 'PGlite')));
  } finally {
    await pglite.close();
    await postgres.close();
    rmSync(copy, { recursive: true, force: true });
  }
  const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as QuickBaseline;
  if (process.argv.includes('--write-baseline')) {
    const recorded: QuickBaseline = {
      margin: baseline.margin,
      figures: Object.fromEntries(figures.map((figure) => [figure.id, Number(figure.value.toPrecision(3))])),
    };
    writeFileSync(BASELINE_FILE, `${JSON.stringify(recorded, null, 2)}\n`);
  }
  const verdicts = judgeFigures(figures, baseline);
  const number = (value: number | undefined) => (value === undefined ? '—' : value.toFixed(2));
  const table = markdownTable(
    ['figure', 'this run', 'baseline', 'limit', 'verdict'],
    verdicts.map((verdict) => [
      verdict.label,
      number(verdict.value),
      number(verdict.baseline),
      `${verdict.better === 'higher' ? '≥' : '≤'} ${number(verdict.limit)}`,
      verdict.passed ? 'ok' : 'RÉGRESSION',
    ]),
  );
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(0);
  const summary = `Passe rapide en ${seconds} s, charge ${loadBefore.toFixed(1)} avant, ${(loadavg()[0] ?? 0).toFixed(1)} après ; marge ×${baseline.margin}.`;
  console.log(`${table}\n\n${summary}`);
  if (process.argv.includes('--record')) {
    writeSection(
      RESULTS_FILE,
      'quick',
      `## CI quick performance pass (\`npm run bench:quick\`)\n\n_${new Date().toISOString().slice(0, 10)}_ — ${summary}\n\n` +
        'Ratios measured in the same run, judged against `bench/quick/quickBaseline.json`; run by `.ci/run` after `npm test`.\n\n' +
        table,
    );
  }
  const failed = verdicts.filter((verdict) => !verdict.passed);
  if (failed.length > 0) {
    console.error(`Régression grossière : ${failed.map((verdict) => verdict.id).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
