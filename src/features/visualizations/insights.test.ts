import { describe, expect, it } from 'vitest';
import { computeInsights, describeInsights } from './insights';

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

describe('describeInsights', () => {
  it('states the areas and figures the sentences come from', () => {
    const insights = computeInsights(
      [
        { code: 'a', name: 'Alpha', value: 1000 },
        { code: 'b', name: 'Beta', value: 4000 },
        { code: 'c', name: 'Gamma', value: null },
      ],
      [0, 2000],
    );
    const sentences = describeInsights(insights, { label: 'Population', unit: 'habitants' });
    expect(sentences[0]).toContain('Beta (4\u202f000 habitants)');
    expect(sentences[1]).toContain('Alpha (1\u202f000 habitants)');
    expect(sentences[2]).toContain('3\u202f000 habitants');
    expect(sentences[2]).toContain('4 fois');
    expect(sentences[3]).toContain('(1 sans donnée)');
    expect(insights.missingCount).toBe(1);
  });

  it('writes shares as percentages and says when nothing is known', () => {
    const format = { label: 'Taux', unit: '%', percent: true };
    const known = describeInsights(computeInsights([{ code: 'a', name: 'A', value: 0.5 }], [0]), format);
    expect(known[0]).toContain('A (50 %)');
    const none = describeInsights(computeInsights([{ code: 'a', name: 'A', value: null }], [0]), format);
    expect(none).toEqual(['Aucune des 1 zones visibles n’a de valeur pour « Taux ».']);
  });
});
