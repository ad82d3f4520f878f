import { createHash } from 'node:crypto';
import type { Database } from '../db/Database';
import { buildMapAreas, MAP_AREAS_VERSION } from '../visualizations/mapAreasRepository';
import { lockMapAreaBuild, selectMapAreaBuild } from '../visualizations/mapAreaBuildRepository';
import { renderTile, type TileEncoder } from './renderTile';
import type { TileAddress } from './TileAddress';
import { TileCache, type CachedTile } from './TileCache';
import type { Tileset } from './Tileset';
import { selectDatasetsKey } from '../datasets/datasetRepository';

/** Bumped when the tile encoding changes, so that cached tiles are not reused. */
const TILER_VERSION = 'tiles-1';

/** How long the datasets key is trusted before it is read again (imports from another process). */
const GENERATION_TTL_MS = 5_000;

export interface TileServiceOptions {
  cacheDirectory?: string | undefined;
  maxMemoryBytes?: number;
  encoder?: TileEncoder;
}

/**
 * Serves tiles of tilesets: keeps `map_areas` in step with the imported datasets (rebuilt once
 * when they changed), caches tiles per generation (memory + disk) and gives each tile an ETag that
 * is known before rendering, so a revalidation costs no SQL.
 */
export class TileService {
  readonly cache: TileCache;
  private generationValue: string | undefined;
  private checkedAt = 0;
  private checking: Promise<string> | undefined;

  constructor(
    private readonly database: Database,
    private readonly options: TileServiceOptions = {},
  ) {
    this.cache = new TileCache({ directory: options.cacheDirectory, maxMemoryBytes: options.maxMemoryBytes });
  }

  /**
   * The current generation: a short hash of the engine, the build of map_areas and the tiler
   * version. Rebuilds map_areas first when the datasets changed since its last build.
   */
  async generation(): Promise<string> {
    if (this.generationValue && performance.now() - this.checkedAt < GENERATION_TTL_MS) return this.generationValue;
    this.checking ??= this.refresh().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** The ETag of a tile in a generation. */
  etag(generation: string, tileset: Tileset, address: TileAddress): string {
    return `W/"${generation}-${tileset.name}-${address.z}-${address.x}-${address.y}"`;
  }

  /** The tile from the cache, rendered on a miss. */
  tile(generation: string, tileset: Tileset, address: TileAddress): Promise<CachedTile> {
    return this.cache.get(generation, `${tileset.name}/${address.z}/${address.x}/${address.y}`, () =>
      renderTile(this.database, tileset.layers(address.z), address, this.options.encoder),
    );
  }

  private async refresh(): Promise<string> {
    const datasetsKey = await selectDatasetsKey(this.database);
    const wanted = `${MAP_AREAS_VERSION}:${datasetsKey}`;
    let build = await selectMapAreaBuild(this.database);
    if (build?.datasetsKey !== wanted) {
      await this.database.transaction(async (transaction) => {
        await lockMapAreaBuild(transaction);
        const current = await selectMapAreaBuild(transaction);
        if (current?.datasetsKey !== wanted) await buildMapAreas(transaction, datasetsKey);
      });
      build = await selectMapAreaBuild(this.database);
    }
    this.generationValue = createHash('sha256')
      .update(`${this.database.kind}|${build?.datasetsKey ?? ''}|${build?.builtAt ?? ''}|${TILER_VERSION}`)
      .digest('hex')
      .slice(0, 16);
    this.checkedAt = performance.now();
    return this.generationValue;
  }
}
