import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import type { GroupFilters, GroupSort } from '../../src/features/real-estate/filterGroups';
import type { RealEstateLot } from '../../kernel/real-estate/realEstateTypes';
import { type ArrowRow, lotFromArrow } from './lotFromArrow';
import { zoneTransactionsQuery } from './zoneTransactionsQuery';

const BUNDLES: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasmUrl, mainWorker: mvpWorkerUrl },
  eh: { mainModule: ehWasmUrl, mainWorker: ehWorkerUrl },
};

let database: Promise<duckdb.AsyncDuckDB> | undefined;

/** DuckDB-WASM, started once in its own Web Worker (bundled by Vite, no CDN). */
function openDuckDb(): Promise<duckdb.AsyncDuckDB> {
  database ??= (async () => {
    const bundle = await duckdb.selectBundle(BUNDLES);
    const worker = new Worker(bundle.mainWorker as string);
    const instance = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await instance.instantiate(bundle.mainModule, bundle.pthreadWorker);
    return instance;
  })();
  return database;
}

/**
 * The active zone's transactions held in DuckDB-WASM (loaded once from the Arrow answer), so that the
 * full list's filters and sorting run in the worker without a server round-trip.
 */
export class ZoneTransactionsDatabase {
  private constructor(
    private readonly connection: duckdb.AsyncDuckDBConnection,
    readonly rowCount: number,
  ) {}

  static async load(arrow: ArrayBuffer): Promise<ZoneTransactionsDatabase> {
    const instance = await openDuckDb();
    const connection = await instance.connect();
    await connection.query('DROP TABLE IF EXISTS lots');
    await connection.insertArrowFromIPCStream(new Uint8Array(arrow), { name: 'lots', create: true });
    const count = await connection.query('SELECT count(*)::INTEGER AS n FROM lots');
    return new ZoneTransactionsDatabase(connection, Number(count.toArray()[0]?.toJSON().n ?? 0));
  }

  /** The lots of the matching mutations, in the group order. */
  async query(filters: GroupFilters, sort: GroupSort): Promise<RealEstateLot[]> {
    const table = await this.connection.query(zoneTransactionsQuery(filters, sort));
    return table.toArray().map((row) => lotFromArrow(row.toJSON() as ArrowRow));
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
