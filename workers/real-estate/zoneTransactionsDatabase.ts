import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import type { GroupFilters, GroupSort } from '../../src/core/real-estate/filterGroups';
import type { RealEstateLot } from '../../src/core/real-estate/realEstateTypes';
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

type ArrowRow = Record<string, unknown>;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** An Arrow row of the zone-transactions stream as a lot. */
export function lotFromArrow(row: ArrowRow): RealEstateLot & { group_type_local: string } {
  const latitude = numberOrNull(row.latitude);
  const longitude = numberOrNull(row.longitude);
  return {
    id: Number(row.id),
    id_mutation: String(row.id_mutation),
    date_mutation: String(row.date_mutation),
    nature_mutation: String(row.nature_mutation),
    valeur_fonciere: numberOrNull(row.valeur_fonciere),
    price_per_m2: numberOrNull(row.price_per_m2),
    group_type_local: String(row.group_type_local),
    type_local: textOrNull(row.type_local),
    surface_reelle_bati: numberOrNull(row.surface_reelle_bati),
    surface_terrain: numberOrNull(row.surface_terrain),
    nombre_pieces_principales: numberOrNull(row.nombre_pieces_principales),
    nature_culture: textOrNull(row.nature_culture),
    code_nature_culture: textOrNull(row.code_nature_culture),
    lot1_numero: textOrNull(row.lot1_numero),
    adresse_numero: textOrNull(row.adresse_numero),
    adresse_suffixe: textOrNull(row.adresse_suffixe),
    adresse_nom_voie: textOrNull(row.adresse_nom_voie),
    code_postal: textOrNull(row.code_postal),
    nom_commune: textOrNull(row.nom_commune),
    iris_code: textOrNull(row.iris_code),
    id_parcelle: textOrNull(row.id_parcelle),
    location: latitude === null || longitude === null ? null : { lat: latitude, lon: longitude },
  };
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
