import { setImmediate as nextTurn } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/Database';
import { selectStatistics } from './demographicsRepository';

/** One INSEE base × vintage row of an IRIS, its figures parsed. Shared between answers: never modified. */
export interface IrisStatistic {
  base: string;
  vintage: number;
  iris_code: string;
  values: Readonly<Record<string, number | null>>;
}

/** Statistic rows parsed per turn of the event loop: a zone of thousands of IRIS never holds the server up. */
const PARSE_SLICE_SIZE = 250;

/** Figures kept, counted as the length of their JSON text (≈ 10 kB per IRIS: about 6,000 IRIS). */
const DEFAULT_MAX_JSON_LENGTH = 64 * 1024 * 1024;

/**
 * The INSEE figures of each IRIS, read from the database and parsed once while the loaded datasets stay
 * the same (a new load stamp empties the cache): zones drawn around the same streets share most of their
 * IRIS, and their rows were most of an analysis's database time and of its parsing. Least recently used
 * IRIS are dropped beyond `maxJsonLength` characters of figures.
 */
export class IrisStatisticsCache {
  private stamp: string | undefined;
  private readonly byIris: LRUCache<string, readonly IrisStatistic[]>;

  constructor(maxJsonLength = DEFAULT_MAX_JSON_LENGTH) {
    this.byIris = new LRUCache<string, readonly IrisStatistic[]>({ maxSize: maxJsonLength });
  }

  /**
   * The rows of the IRIS (those without figures give none), per IRIS newest vintage first within a
   * base, as `selectStatistics` orders them; `stamp` is the datasets' load stamp the caller read.
   */
  async statistics(database: Queryable, stamp: string, irisCodes: readonly string[]): Promise<IrisStatistic[]> {
    if (stamp !== this.stamp) {
      this.byIris.clear();
      this.stamp = stamp;
    }
    const found = new Map<string, readonly IrisStatistic[]>();
    const missing: string[] = [];
    for (const code of irisCodes) {
      const kept = this.byIris.get(code);
      if (kept) found.set(code, kept);
      else missing.push(code);
    }
    if (missing.length > 0) {
      const rows = await selectStatistics(database, missing);
      const read = new Map<string, { rows: IrisStatistic[]; jsonLength: number }>(
        missing.map((code) => [code, { rows: [], jsonLength: 0 }]),
      );
      for (const [index, row] of rows.entries()) {
        if (index > 0 && index % PARSE_SLICE_SIZE === 0) await nextTurn();
        const entry = read.get(row.iris_code);
        if (!entry) continue;
        // Frozen: answers share these rows, a change by one of them would throw instead of leaking.
        entry.rows.push(
          Object.freeze({
            base: row.base,
            vintage: Number(row.vintage),
            iris_code: row.iris_code,
            values: Object.freeze(JSON.parse(row.values_json) as Record<string, number | null>),
          }),
        );
        entry.jsonLength += row.values_json.length;
      }
      for (const [code, entry] of read) {
        found.set(code, entry.rows);
        if (stamp === this.stamp) this.byIris.set(code, entry.rows, { size: Math.max(64, entry.jsonLength) });
      }
    }
    return irisCodes.flatMap((code) => found.get(code) ?? []);
  }

  /** IRIS held and figures' length (for tests and diagnostics). */
  get size(): { iris: number; jsonLength: number } {
    return { iris: this.byIris.size, jsonLength: this.byIris.calculatedSize };
  }
}
