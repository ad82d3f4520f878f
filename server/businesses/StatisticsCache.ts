/** A small LRU of computed answers, keyed by request and by the loaded datasets. */
export class StatisticsCache<Value> {
  private readonly entries = new Map<string, Value>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxEntries = 200) {}

  async get(key: string, compute: () => Promise<Value>): Promise<Value> {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.misses += 1;
    const value = await compute();
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  stats(): { entries: number; max_entries: number; hits: number; misses: number; hit_rate: number } {
    const asked = this.hits + this.misses;
    return {
      entries: this.entries.size,
      max_entries: this.maxEntries,
      hits: this.hits,
      misses: this.misses,
      hit_rate: asked === 0 ? 0 : Math.round((this.hits / asked) * 1000) / 1000,
    };
  }

  clear(): number {
    const cleared = this.entries.size;
    this.entries.clear();
    return cleared;
  }
}
