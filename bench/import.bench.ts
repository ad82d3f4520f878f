import type { Database } from '../server/db/Database';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/openPglite';
import { openPostgres } from '../server/db/openPostgres';
import { bpeImporter } from '../server/import/sources/bpe/bpeImporter';
import { dvfImporter } from '../server/import/sources/dvf/dvfImporter';
import { toCopyField } from '../server/import/pipeline/copy/CopyBuffer';
import type { Importer } from '../server/import/pipeline/Importer';
import { DEMO_DEPARTEMENTS } from '../server/import/pipeline/importers';
import { inseeIrisImporter } from '../server/import/sources/insee/inseeIrisImporter';
import { irisImporter } from '../server/import/sources/iris/irisImporter';
import { nafImporter } from '../server/import/sources/naf/nafImporter';
import { runImports } from '../server/import/pipeline/runImports';
import type { Benchmark, BenchContext } from './support/BenchContext';
import { markdownTable, quantile } from './support/statistics';

/** One importer to measure and the tables it fills (the raw `COPY` baseline loads the same rows). */
export interface ImportBenchCase {
  importer: Importer;
  tables: readonly string[];
  /** Importers whose data this one reads (IRIS for a spatial join, BPE counts…), loaded once, not timed. */
  prerequisites?: readonly Importer[];
}

/** The importers measured, in order. Adding one is one line. */
export const IMPORT_BENCH_CASES: readonly ImportBenchCase[] = [
  { importer: irisImporter, tables: ['iris'] },
  { importer: inseeIrisImporter, tables: ['insee_iris_statistics'] },
  { importer: bpeImporter, tables: ['bpe_equipment_counts', 'bpe_equipment_types'] },
  { importer: nafImporter, tables: ['naf_codes'] },
  { importer: dvfImporter, tables: ['dvf_rows', 'dvf_mutations'] },
];

const RUNS = 3;
const BATCH = 20_000;
const SCHEMA = 'bench_import';
const quiet = { write: () => true, isTTY: false };

async function openEngine(name: 'PGlite' | 'PostgreSQL', context: BenchContext): Promise<Database> {
  if (name === 'PGlite') {
    const database = await openPglite();
    await migrate(database);
    return database;
  }
  const setup = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 1 });
  await setup.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await setup.close();
  const database = await openPostgres({ connectionString: context.postgresUrl, schema: SCHEMA, maxConnections: 2 });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.exec(`DROP SCHEMA ${SCHEMA} CASCADE`);
      await database.close();
    },
  };
}

/** The rows of a table as `COPY` CSV lines (every column cast to text: hex EWKB, jsonb text…). */
async function renderRows(database: Database, table: string): Promise<{ columns: string[]; lines: string[] }> {
  const { rows: described } = await database.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`,
    [table],
  );
  const columns = described.map((row) => row.column_name);
  const { rows } = await database.query<Record<string, string | null>>(
    `SELECT ${columns.map((column) => `"${column}"::text AS "${column}"`).join(', ')} FROM ${table}`,
  );
  return { columns, lines: rows.map((row) => columns.map((column) => toCopyField(row[column])).join(',')) };
}

/** Time of a raw `COPY` of the rows into an identical empty copy of each table (keys and indexes), in one transaction. */
async function rawCopyMs(
  database: Database,
  rendered: Map<string, { columns: string[]; lines: string[] }>,
): Promise<number> {
  for (const table of rendered.keys()) {
    await database.exec(`DROP TABLE IF EXISTS bench_copy_${table};
      CREATE TABLE bench_copy_${table} (LIKE ${table} INCLUDING ALL)`);
  }
  const startedAt = performance.now();
  await database.transaction(async (transaction) => {
    for (const [table, { columns, lines }] of rendered) {
      for (let start = 0; start < lines.length; start += BATCH) {
        await transaction.copyFrom(`bench_copy_${table}`, columns, `${lines.slice(start, start + BATCH).join('\n')}\n`);
      }
    }
  });
  const elapsed = performance.now() - startedAt;
  for (const table of rendered.keys()) await database.exec(`DROP TABLE bench_copy_${table}`);
  return elapsed;
}

const median = (values: readonly number[]) => quantile(values, 0.5);
const perSecond = (rows: number, milliseconds: number) => Math.round((rows / milliseconds) * 1000);
const format = (value: number) => value.toLocaleString('fr-FR');

/**
 * Rows/s of each statistics importer (file → validated rows → `COPY` → indexes, one transaction per
 * dataset) on PGlite and PostgreSQL, and the ratio to a raw `COPY` of the same rows.
 */
export const importBenchmark: Benchmark = importBenchmarkOf(
  'import',
  'Import throughput (rows/s) and ratio to a raw COPY',
  IMPORT_BENCH_CASES,
);

/** The same measure for another set of importers, in its own section of `bench/RESULTS.md`. */
export function importBenchmarkOf(name: string, title: string, cases: readonly ImportBenchCase[]): Benchmark {
  return {
    name,
    title,
    async run(context) {
      const table: (string | number)[][] = [];
      for (const engine of ['PGlite', 'PostgreSQL'] as const) {
        const database = await openEngine(engine, context);
        try {
          for (const { importer, tables, prerequisites } of cases) {
            if (prerequisites?.length) {
              await runImports(
                database,
                prerequisites,
                { openDataDirectory: context.openDataDirectory, departements: DEMO_DEPARTEMENTS },
                { output: quiet },
              );
            }
            const importMs: number[] = [];
            let rows = 0;
            for (let run = 0; run < RUNS; run += 1) {
              await database.exec(`TRUNCATE ${tables.join(', ')}`);
              const startedAt = performance.now();
              const outcomes = await runImports(
                database,
                [importer],
                { openDataDirectory: context.openDataDirectory, departements: DEMO_DEPARTEMENTS },
                { force: true, output: quiet },
              );
              importMs.push(performance.now() - startedAt);
              rows = outcomes.reduce((sum, outcome) => sum + outcome.rows, 0);
            }
            const rendered = new Map<string, { columns: string[]; lines: string[] }>();
            for (const name of tables) rendered.set(name, await renderRows(database, name));
            const copyMs: number[] = [];
            for (let run = 0; run < RUNS; run += 1) copyMs.push(await rawCopyMs(database, rendered));
            const importRate = perSecond(rows, median(importMs));
            const copyRate = perSecond(rows, median(copyMs));
            table.push([
              importer.source,
              engine,
              format(rows),
              `${Math.round(median(importMs))} ms`,
              format(importRate),
              format(copyRate),
              `${Math.round((importRate / copyRate) * 100)} %`,
            ]);
            console.log(
              `  ${importer.source} (${engine}) : ${format(importRate)} lignes/s, COPY brut ${format(copyRate)} lignes/s`,
            );
          }
        } finally {
          await database.close();
        }
      }
      return [
        `Each importer loads the demo territory (${DEMO_DEPARTEMENTS.join(', ')}) from \`OPENDATA_DIR\` into empty tables`,
        '(`runImports` with `--force`: plan, file checksum, streamed read, validation of every row, `COPY` in',
        'batches, index rebuild, `datasets` record — one transaction per dataset); median of 3 runs. The raw',
        '`COPY` baseline pre-renders the rows it produced as CSV (every column as text) and times `copyFrom`',
        'alone, in batches of 20,000, into an identical empty table (`LIKE … INCLUDING ALL`: keys and indexes); ratio = importer',
        'rows/s ÷ raw COPY rows/s (target ≥ 50 %). Importers that stage their rows and finish with an',
        '`INSERT … SELECT` pay PostGIS work the raw COPY of the final rows does not: `iris` repairs geometries',
        'and computes areas and centroids; `ban`, `sirene` and `public-services` join each point to its IRIS',
        '(`ban` also builds `lower(unaccent(label))` and a gin trigram index); `demo-establishments` builds its',
        'rows in SQL from BPE counts and BAN addresses. Prerequisite datasets (IRIS, BPE, BAN) are loaded once',
        'before, untimed. PGlite runs in memory; PostgreSQL in schema `bench_import` of `BENCH_DATABASE_URL`.',
        '',
        markdownTable(
          ['importer', 'database', 'rows', 'import time', 'import rows/s', 'raw COPY rows/s', 'ratio'],
          table,
        ),
      ].join('\n');
    },
  };
}
