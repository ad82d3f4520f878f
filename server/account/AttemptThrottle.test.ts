import { describe, expect, it } from 'vitest';
import { AttemptThrottle } from './AttemptThrottle';

describe('AttemptThrottle', () => {
  const rule = { limit: 3, windowMs: 60_000, baseDelayMs: 1_000, maxDelayMs: 8_000 };

  it('allows the limit, then blocks with a doubling wait capped at the maximum', () => {
    let now = 0;
    const throttle = new AttemptThrottle(rule, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(throttle.waitFor('a')).toBe(0);
      throttle.record('a');
    }
    expect(throttle.waitFor('a')).toBe(0);
    throttle.record('a');
    expect(throttle.waitFor('a')).toBe(1_000);
    now += 1_000;
    throttle.record('a');
    expect(throttle.waitFor('a')).toBe(2_000);
    now += 2_000;
    throttle.record('a');
    throttle.record('a');
    expect(throttle.waitFor('a')).toBe(8_000);
    throttle.record('a');
    expect(throttle.waitFor('a')).toBe(8_000);
    expect(throttle.waitFor('b')).toBe(0);
  });

  it('starts a new window once the previous one is over, and reset forgets the key', () => {
    let now = 0;
    const throttle = new AttemptThrottle(rule, () => now);
    for (let attempt = 0; attempt < 4; attempt += 1) throttle.record('a');
    expect(throttle.waitFor('a')).toBeGreaterThan(0);
    now += 61_000;
    expect(throttle.waitFor('a')).toBe(0);
    throttle.record('a');
    expect(throttle.waitFor('a')).toBe(0);
    for (let attempt = 0; attempt < 3; attempt += 1) throttle.record('a');
    expect(throttle.waitFor('a')).toBe(1_000);
    throttle.reset('a');
    expect(throttle.waitFor('a')).toBe(0);
  });
});
