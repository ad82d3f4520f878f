import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import { ZoneBusinessesEngine } from './ZoneBusinessesEngine';

const BUNDLES: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasmUrl, mainWorker: mvpWorkerUrl },
  eh: { mainModule: ehWasmUrl, mainWorker: ehWorkerUrl },
};

let database: Promise<duckdb.AsyncDuckDB> | undefined;

/** DuckDB-WASM in its own Web Worker (bundled by Vite, no CDN), started once for the businesses list. */
function openDuckDb(): Promise<duckdb.AsyncDuckDB> {
  database ??= (async () => {
    const bundle = await duckdb.selectBundle(BUNDLES);
    const worker = new Worker(bundle.mainWorker as string, { name: 'zonalyse-businesses-duckdb' });
    const instance = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await instance.instantiate(bundle.mainModule, bundle.pthreadWorker);
    return instance;
  })();
  return database;
}

/** The zone's establishments (Arrow IPC stream) loaded into a fresh DuckDB-WASM connection. */
export async function openZoneBusinessesEngine(arrow: Uint8Array): Promise<ZoneBusinessesEngine> {
  const instance = await openDuckDb();
  const connection = await instance.connect();
  return ZoneBusinessesEngine.fromArrow(connection, arrow);
}
