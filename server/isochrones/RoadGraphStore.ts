import { IsochroneEngine } from '../../kernel/isochrones/IsochroneEngine';
import type { Database } from '../db/Database';
import { loadRoadGraph, selectRoadNetworkVersion } from './roadGraphRepository';

/** How often the store checks whether a road import changed the network. */
const VERSION_CHECK_MS = 10_000;

/**
 * Holds the road graph in memory (loaded once, on first use) and reloads it when a road import
 * changed the `datasets` records; concurrent first requests share one load.
 */
export class RoadGraphStore {
  private engine: Promise<IsochroneEngine> | undefined;
  private version: string | undefined;
  private checkedAt = 0;

  constructor(private readonly database: Database) {}

  async get(): Promise<IsochroneEngine> {
    const now = Date.now();
    if (this.engine && now - this.checkedAt < VERSION_CHECK_MS) return this.engine;
    this.checkedAt = now;
    const version = await selectRoadNetworkVersion(this.database);
    if (!this.engine || version !== this.version) {
      this.version = version;
      const loading = loadRoadGraph(this.database).then((graph) => new IsochroneEngine(graph));
      this.engine = loading;
      loading.catch(() => {
        if (this.engine === loading) this.engine = undefined;
      });
    }
    return this.engine;
  }
}

const stores = new WeakMap<Database, RoadGraphStore>();

/** The one store of a database, shared by the isochrone, public-services and nearest-competitors routes (one graph in memory). */
export function roadGraphStoreFor(database: Database): RoadGraphStore {
  let store = stores.get(database);
  if (!store) {
    store = new RoadGraphStore(database);
    stores.set(database, store);
  }
  return store;
}
