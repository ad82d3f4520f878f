import { basename } from 'node:path';
import type { Database } from '../../db/Database';
import { findDataset, saveDataset } from '../../datasets/datasetRepository';
import type { ImportContext, Importer } from './Importer';
import { ImportProgress, type ProgressOutput } from './ImportProgress';
import { planChecksum } from './fileChecksum';
import { analyzeTables, createIndexes, dropIndexes } from './indexRepository';

/** What happened to one dataset. */
export interface ImportOutcome {
  source: string;
  territory: string;
  vintage: string;
  label: string;
  status: 'loaded' | 'unchanged';
  rows: number;
  durationMs: number;
  rowsPerSecond: number;
}

export interface RunImportsOptions {
  output?: ProgressOutput;
  /** Reload even when the checksum is unchanged. */
  force?: boolean;
  /** Keep only these sources (`--only dvf,ban`). */
  only?: readonly string[] | undefined;
}

/**
 * Runs the importers in order. Each dataset loads in its own transaction: its previous rows are
 * deleted, the new ones copied, its indexes rebuilt and its `datasets` record written — or nothing
 * changes when any row fails. A dataset whose files and importer version are unchanged is skipped.
 * After any load the planner's statistics are refreshed.
 */
export async function runImports(
  database: Database,
  importers: readonly Importer[],
  context: ImportContext,
  options: RunImportsOptions = {},
): Promise<ImportOutcome[]> {
  const output = options.output ?? process.stdout;
  const outcomes: ImportOutcome[] = [];
  for (const importer of importers) {
    if (options.only && !options.only.includes(importer.source)) continue;
    for (const plan of await importer.plan(context)) {
      const checksum = await planChecksum(plan.version, plan.files);
      const previous = await findDataset(database, plan);
      if (!options.force && previous?.checksum === checksum) {
        output.write(`  = ${plan.label} : inchangé (${previous.rowCount.toLocaleString('fr-FR')} lignes)\n`);
        outcomes.push({ ...pick(plan), status: 'unchanged', rows: previous.rowCount, durationMs: 0, rowsPerSecond: 0 });
        continue;
      }
      const progress = new ImportProgress(plan.label, output);
      const rows = await database.transaction(async (transaction) => {
        await dropIndexes(transaction, plan.indexes ?? {});
        await plan.clear(transaction);
        const loaded = await plan.load(transaction, progress);
        await createIndexes(transaction, plan.indexes ?? {});
        await saveDataset(transaction, {
          source: plan.source,
          territory: plan.territory,
          vintage: plan.vintage,
          label: plan.label,
          rowCount: loaded,
          checksum,
          files: plan.files.map((file) => basename(file)),
          durationMs: Math.round(progress.elapsedMs),
          demo: plan.demo ?? false,
        });
        return loaded;
      });
      progress.finish(rows);
      outcomes.push({
        ...pick(plan),
        status: 'loaded',
        rows,
        durationMs: Math.round(progress.elapsedMs),
        rowsPerSecond: progress.rowsPerSecond,
      });
    }
  }
  if (outcomes.some((outcome) => outcome.status === 'loaded')) {
    const startedAt = performance.now();
    const tables = await analyzeTables(database);
    const seconds = ((performance.now() - startedAt) / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
    output.write(`  Statistiques du planificateur mises à jour (${tables} tables, ${seconds} s)\n`);
  }
  return outcomes;
}

const pick = (plan: { source: string; territory: string; vintage: string; label: string }) => ({
  source: plan.source,
  territory: plan.territory,
  vintage: plan.vintage,
  label: plan.label,
});
