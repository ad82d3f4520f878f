import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/** A tile as cached: gzip-compressed bytes (empty for an empty tile). */
export interface CachedTile {
  gzipped: Buffer;
  empty: boolean;
}

export interface TileCacheOptions {
  /** Folder of the on-disk cache; no disk cache when undefined. */
  directory?: string | undefined;
  /** Memory budget of the LRU, in bytes of compressed tiles. */
  maxMemoryBytes?: number;
}

/**
 * Two-level tile cache: a memory LRU (by compressed size) over an on-disk cache. Keys are paths
 * (`generation/tileset/z/x/y`) whose first part is the datasets key, so a new import starts a new
 * generation and the old one is deleted from disk. Concurrent requests for one tile render it once.
 */
export class TileCache {
  private readonly memory: LRUCache<string, CachedTile>;
  private readonly pending = new Map<string, Promise<CachedTile>>();
  /** Disk writes and generation removals in flight (they never delay a response). */
  private readonly diskWork = new Set<Promise<unknown>>();
  private readonly directory: string | undefined;
  private generation: string | undefined;

  constructor(options: TileCacheOptions = {}) {
    this.directory = options.directory;
    this.memory = new LRUCache<string, CachedTile>({
      maxSize: options.maxMemoryBytes ?? 128 * 1024 * 1024,
      sizeCalculation: (tile) => Math.max(tile.gzipped.length, 64),
    });
  }

  /** The cached tile of `key`, rendering (and storing) it with `render` when absent. */
  async get(generation: string, key: string, render: () => Promise<Uint8Array>): Promise<CachedTile> {
    if (generation !== this.generation) this.startGeneration(generation);
    const fullKey = `${generation}/${key}`;
    const inMemory = this.memory.get(fullKey);
    if (inMemory) return inMemory;
    let work = this.pending.get(fullKey);
    if (!work) {
      work = this.load(fullKey, render).finally(() => this.pending.delete(fullKey));
      this.pending.set(fullKey, work);
    }
    return work;
  }

  /** Resolves once every disk write and removal started so far has finished (for tests and shutdown). */
  async settled(): Promise<void> {
    while (this.diskWork.size > 0) await Promise.all(this.diskWork);
  }

  /** Number of tiles held in memory (for tests and diagnostics). */
  get memoryCount(): number {
    return this.memory.size;
  }

  private startGeneration(generation: string): void {
    const previous = this.generation;
    this.generation = generation;
    this.memory.clear();
    if (previous && this.directory) {
      this.track(rm(join(this.directory, safe(previous)), { recursive: true, force: true }).catch(() => undefined));
    }
  }

  private async load(fullKey: string, render: () => Promise<Uint8Array>): Promise<CachedTile> {
    const path = this.directory ? join(this.directory, `${safe(fullKey)}.mvt.gz`) : undefined;
    if (path) {
      const stored = await readFile(path).catch(() => undefined);
      if (stored) return this.remember(fullKey, { gzipped: stored, empty: stored.length === 0 });
    }
    const bytes = await render();
    const tile: CachedTile = {
      gzipped: bytes.length === 0 ? Buffer.alloc(0) : await gzipAsync(bytes, { level: 6 }),
      empty: bytes.length === 0,
    };
    if (path) this.track(writeAtomically(path, tile.gzipped));
    return this.remember(fullKey, tile);
  }

  private track(work: Promise<unknown>): void {
    this.diskWork.add(work);
    void work.finally(() => this.diskWork.delete(work));
  }

  private remember(fullKey: string, tile: CachedTile): CachedTile {
    if (fullKey.startsWith(`${this.generation ?? ''}/`)) this.memory.set(fullKey, tile);
    return tile;
  }
}

const safe = (key: string) => key.replace(/[^\w/.-]/g, '_');

async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch {
    // The disk cache is an optimisation: a failed write only means the tile is rendered again.
  }
}
