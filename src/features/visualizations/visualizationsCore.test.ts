import { describe, expect, it } from 'vitest';
import { IRIS_HEATMAPS, toggledIrisLayerMode } from './irisLayerModes';
import { irisDensity, irisSelectionProperties } from './irisSelection';
import { legendClasses } from './legendClasses';
import { missingValueFilter, stepColourExpression } from './stepColourExpression';

describe('IRIS layer modes', () => {
  it('toggles hidden to basic and any visible mode to hidden', () => {
    expect(toggledIrisLayerMode('hidden')).toBe('basic');
    expect(toggledIrisLayerMode('basic')).toBe('hidden');
    expect(toggledIrisLayerMode('land_value')).toBe('hidden');
  });

  it('uses six-stop ramps', () => {
    expect(IRIS_HEATMAPS.population.stops).toEqual([0, 100, 500, 1000, 2000, 5000]);
    expect(IRIS_HEATMAPS.revenue.stops).toEqual([0, 15000, 25000, 35000, 50000, 75000]);
    expect(IRIS_HEATMAPS.land_value.stops).toEqual([0, 1000, 5000, 10000, 20000, 50000]);
    for (const heatmap of Object.values(IRIS_HEATMAPS)) expect(heatmap.colours).toHaveLength(6);
  });
});

describe('stepColourExpression', () => {
  it('steps through the classes and keeps missing values apart from zero', () => {
    expect(stepColourExpression('p', [0, 10, 20], ['a', 'b', 'c'], 'grey')).toEqual([
      'case',
      ['==', ['typeof', ['get', 'p']], 'number'],
      ['step', ['to-number', ['get', 'p']], 'a', 10, 'b', 20, 'c'],
      'grey',
    ]);
    expect(missingValueFilter('p')).toEqual(['!=', ['typeof', ['get', 'p']], 'number']);
    expect(() => stepColourExpression('p', [0, 1], ['a'], 'grey')).toThrow();
  });
});

describe('legendClasses', () => {
  it('writes the class ranges in French', () => {
    expect(legendClasses([0, 1000, 5000], ['a', 'b', 'c'])).toEqual([
      { colour: 'a', label: '0 – 1\u202f000' },
      { colour: 'b', label: '1\u202f000 – 5\u202f000' },
      { colour: 'c', label: '≥ 5\u202f000' },
    ]);
    expect(legendClasses([0, 0.5], ['a', 'b'], { percent: true }).map((item) => item.label)).toEqual([
      '0 % – 50 %',
      '≥ 50 %',
    ]);
  });
});

describe('irisSelectionProperties', () => {
  it('applies defaults', () => {
    expect(irisSelectionProperties('751010101', {})).toEqual({
      iris_code: '751010101',
      nom_iris: 'Zone IRIS 751010101',
      typ_iris: 'H',
      commune: 'Commune inconnue',
      dep: '75',
      population: 0,
      price_avg: 0,
      surface: 0,
      density: 0,
    });
    expect(irisSelectionProperties('7', {}).dep).toBe('00');
  });

  it('reads property variants', () => {
    const selection = irisSelectionProperties('751010101', {
      iris_name: 'Les Halles',
      iris_type: 'A',
      commune_name: 'Paris 1er',
      p21_pop: '1200',
      surface_km2: 0.5,
    });
    expect(selection).toMatchObject({ nom_iris: 'Les Halles', typ_iris: 'A', commune: 'Paris 1er', population: 1200 });
    expect(selection.surface).toBe(0.5);
  });

  it('rounds the density and gives none when it is zero', () => {
    expect(irisDensity(1234, 0.5)).toBe(2468);
    expect(irisDensity(0, 1)).toBeNull();
    expect(irisDensity(100, 0)).toBeNull();
    expect(irisDensity(null, 1)).toBeNull();
  });
});
