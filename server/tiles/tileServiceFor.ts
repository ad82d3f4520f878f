import type { AppContext } from '../AppContext';
import { TileService } from './TileService';

const services = new WeakMap<AppContext['database'], TileService>();

/** The one tile service of a database (shared by the basemap and indicator tile routes). */
export function tileServiceFor({ database, config }: AppContext): TileService {
  let service = services.get(database);
  if (!service) {
    service = new TileService(database, { cacheDirectory: config.tileCacheDirectory });
    services.set(database, service);
  }
  return service;
}
