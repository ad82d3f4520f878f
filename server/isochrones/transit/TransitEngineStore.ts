import type { IsochroneEngine } from '../../../kernel/isochrones/IsochroneEngine';
import { timetableBytes, type Timetable } from '../../../kernel/isochrones/transit/Timetable';
import { TransitIsochroneEngine } from '../../../kernel/isochrones/transit/TransitIsochroneEngine';
import type { Database } from '../../db/Database';
import { loadTimetable, selectTransitFeed, type TransitFeed } from './transitTimetableRepository';

interface Loaded {
  feed: TransitFeed;
  timetable: Promise<Timetable>;
  engines: WeakMap<IsochroneEngine, TransitIsochroneEngine>;
}

/**
 * Holds each imported network's timetable in memory (loaded on first use, again when the feed is
 * re-imported), and one transit engine per road engine (the stops are attached to its walking graph once).
 */
export class TransitEngineStore {
  private readonly loaded = new Map<string, Loaded>();

  constructor(private readonly database: Database) {}

  /** The network of the département and its engine on the road graph, or `undefined` when none is imported. */
  async get(
    departement: string | undefined,
    road: IsochroneEngine,
  ): Promise<{ feed: TransitFeed; engine: TransitIsochroneEngine } | undefined> {
    const feed = await selectTransitFeed(this.database, departement);
    if (!feed) return undefined;
    let entry = this.loaded.get(feed.id);
    if (!entry || entry.feed.loadedAt !== feed.loadedAt) {
      const timetable = loadTimetable(this.database, feed.id);
      entry = { feed, timetable, engines: new WeakMap() };
      this.loaded.set(feed.id, entry);
      const current = entry;
      timetable.catch(() => {
        if (this.loaded.get(feed.id) === current) this.loaded.delete(feed.id);
      });
    }
    const timetable = await entry.timetable;
    let engine = entry.engines.get(road);
    if (!engine) {
      engine = new TransitIsochroneEngine(road, timetable);
      entry.engines.set(road, engine);
    }
    return { feed: entry.feed, engine };
  }

  /** Bytes of the loaded timetables' typed arrays (for the benchmark's memory figure). */
  async timetableBytes(): Promise<number> {
    let bytes = 0;
    for (const entry of this.loaded.values()) bytes += timetableBytes(await entry.timetable);
    return bytes;
  }
}
