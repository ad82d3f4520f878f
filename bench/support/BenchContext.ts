/** What a benchmark receives. */
export interface BenchContext {
  /** Folder of raw official files. */
  openDataDirectory: string;
  /** PostgreSQL database for the PostgreSQL figures. */
  postgresUrl: string;
  /** Embedded database folder holding the demo territory. */
  pgliteDataDirectory: string;
  /** Scratch folder, emptied before each run. */
  scratchDirectory: string;
}

/** One benchmark: its name (`npm run bench -- <name>`) and the Markdown section it writes. */
export interface Benchmark {
  name: string;
  title: string;
  /** Run only when named (`npm run bench -- <name>`), never by a whole run: it disturbs the machine. */
  onlyWhenNamed?: boolean;
  run(context: BenchContext): Promise<string>;
}
