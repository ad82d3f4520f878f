import { describe, expect, it } from 'vitest';
import { computeInsights } from './insights';

describe('computeInsights', () => {
  it('ranks distinct areas, ignores unknown values and measures the spread', () => {
    const insights = computeInsights(
      [
        { code: 'a', name: 'A', value: 10 },
        { code: 'b', name: 'B', value: 40 },
        { code: 'a', name: 'A', value: 10 },
        { code: 'c', name: 'C', value: null },
        { code: 'd', name: 'D', value: 20 },
        { code: 'e', name: 'E', value: 30 },
      ],
      [0, 15, 35],
      2,
    );
    expect(insights.areaCount).toBe(5);
    expect(insights.knownCount).toBe(4);
    expect(insights.highest.map((area) => area.code)).toEqual(['b', 'e']);
    expect(insights.lowest.map((area) => area.code)).toEqual(['a', 'd']);
    expect(insights.median).toBe(25);
    expect(insights.mean).toBe(25);
    expect(insights.spread).toBe(30);
    expect(insights.ratio).toBe(4);
    expect(insights.classShares).toEqual([0.25, 0.5, 0.25]);
  });

  it('says nothing rather than zero when no value is known', () => {
    const insights = computeInsights([{ code: 'a', name: 'A', value: null }], [0, 1]);
    expect(insights).toMatchObject({ knownCount: 0, median: null, spread: null, ratio: null, highest: [] });
  });
});
