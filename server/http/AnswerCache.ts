import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/Database';
import { selectDatasetsLoadStamp } from '../businesses/businessesRepository';

export interface AnswerCacheOptions {
  /** Most answers kept (least recently used dropped first). */
  maxEntries?: number;
  /** Longest an answer is kept, in milliseconds. */
  ttlMs?: number;
}

/**
 * The answers of one costly analysis, by request: the same zone with the same options is computed once
 * while the loaded datasets stay the same (their load stamp is part of the key, so an import makes every
 * answer stale), and requests arriving while it is computed wait for that computation instead of
 * starting their own. A failed computation is not kept. Bounded in entries and in age.
 */
export class AnswerCache<Answer extends object> {
  private readonly answers: LRUCache<string, Answer>;
  private readonly computing = new Map<string, Promise<Answer>>();
  private hits = 0;
  private misses = 0;

  constructor(options: AnswerCacheOptions = {}) {
    this.answers = new LRUCache<string, Answer>({
      max: options.maxEntries ?? 100,
      ttl: options.ttlMs ?? 600_000,
    });
  }

  /** The answer for `key` (any JSON value naming the request), computed by `compute` when missing. */
  async get(database: Queryable, key: unknown, compute: () => Promise<Answer>): Promise<Answer> {
    const fullKey = JSON.stringify([await selectDatasetsLoadStamp(database), key]);
    const kept = this.answers.get(fullKey);
    if (kept !== undefined) {
      this.hits += 1;
      return kept;
    }
    const running = this.computing.get(fullKey);
    if (running) {
      this.hits += 1;
      return running;
    }
    this.misses += 1;
    const computation = compute().then((answer) => {
      this.answers.set(fullKey, answer);
      return answer;
    });
    this.computing.set(fullKey, computation);
    try {
      return await computation;
    } finally {
      this.computing.delete(fullKey);
    }
  }

  stats(): { entries: number; hits: number; misses: number } {
    return { entries: this.answers.size, hits: this.hits, misses: this.misses };
  }

  clear(): void {
    this.answers.clear();
  }
}
