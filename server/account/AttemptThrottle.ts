/** How an {@link AttemptThrottle} counts. */
export interface ThrottleRule {
  /** Attempts allowed within the window before waits start. */
  limit: number;
  windowMs: number;
  /** First wait once over the limit; it doubles with each further attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
}

interface Entry {
  count: number;
  windowStart: number;
  blockedUntil: number;
}

const MAX_KEYS = 100_000;

/**
 * Rate limit with exponential backoff, in memory, per key (an address, an IP, an API key): `limit`
 * attempts per window, then each further attempt blocks the key for a doubling delay. The clock is
 * injected so tests move time instead of sleeping.
 */
export class AttemptThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the key must still wait (0: it may try now). */
  waitFor(key: string): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.blockedUntil - this.now()) : 0;
  }

  /** Counts one attempt of the key. */
  record(key: string): void {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || (now - entry.windowStart > this.rule.windowMs && entry.blockedUntil <= now)) {
      if (this.entries.size >= MAX_KEYS) this.prune(now);
      entry = { count: 0, windowStart: now, blockedUntil: 0 };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    const over = entry.count - this.rule.limit;
    if (over > 0) {
      const delay = Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** (over - 1));
      entry.blockedUntil = now + delay;
    }
  }

  /** Forgets the key (a successful login clears its failures). */
  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.windowStart > this.rule.windowMs && entry.blockedUntil <= now) this.entries.delete(key);
    }
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
  }
}
