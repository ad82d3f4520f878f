import { describe, expect, it } from 'vitest';
import { insightsWorkerApi } from './insightsWorkerApi';

describe('insights worker', () => {
  it('answers the figures with the sentences derived from them', () => {
    const areas = [
      { code: '751010101', name: 'Les Halles', value: 2500 },
      { code: '751010102', name: 'Palais Royal', value: 800 },
      { code: '751010103', name: 'Vendôme', value: null },
    ];
    const { result, sentences } = insightsWorkerApi.analyse(
      areas,
      [0, 100, 500, 1000, 2000, 5000],
      {
        label: 'Population totale',
        unit: 'habitants',
      },
      'IRIS',
    );
    expect(result.highest[0]?.name).toBe('Les Halles');
    expect(result.lowest[0]?.name).toBe('Palais Royal');
    expect(result.spread).toBe(1700);
    expect(result.missingCount).toBe(1);
    expect(sentences.join(' ')).toContain('Les Halles (2\u202f500 habitants)');
    expect(sentences.join(' ')).toContain('2 IRIS avec une valeur (1 sans donnée)');
  });
});
