import type { Queryable } from '../../db/Database';
import type { ImportProgress } from './ImportProgress';

/** What an import run is asked to load. */
export interface ImportContext {
  /** Folder of raw official files. */
  openDataDirectory: string;
  /** Départements of the territory (`75`, `67`…); national sources ignore it. */
  departements: readonly string[];
}

/** One dataset an importer can load: a source, a territory and a vintage, from given files. */
export interface DatasetPlan {
  source: string;
  territory: string;
  vintage: string;
  /** Human label with the producer and vintage, shown in the UI ("DVF géolocalisé 2024 — Paris"). */
  label: string;
  files: readonly string[];
  /** Changes whenever the importer's code or output changes, so the dataset is reloaded. */
  version: string;
  /** Derived demo data rather than an official file. */
  demo?: boolean;
  /** Indexes (name → `CREATE INDEX` statement) dropped before the load and built after it. */
  indexes?: Readonly<Record<string, string>>;
  /** Deletes this dataset's previous rows, so that the load is a clean replacement. */
  clear(transaction: Queryable): Promise<void>;
  /** Loads the rows; returns how many. */
  load(transaction: Queryable, progress: ImportProgress): Promise<number>;
}

/** An importer of one official source (`server/import/<source>/`). */
export interface Importer {
  source: string;
  /** The datasets available for the context; none when its files are absent. */
  plan(context: ImportContext): DatasetPlan[] | Promise<DatasetPlan[]>;
}
