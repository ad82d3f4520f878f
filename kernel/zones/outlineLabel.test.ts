import { describe, expect, it } from 'vitest';
import { legalPopulationLabel, outlineLabel } from './outlineLabel';

describe('outline and legal population of an administrative zone', () => {
  it('names the outline drawn: union of IRIS with its edition, or the simplified Admin Express one', () => {
    expect(outlineLabel({ outline_source: 'iris', outline_vintage: '2016' })).toBe(
      'Contour : union des IRIS (IGN Contours IRIS, édition ≈ 2016)',
    );
    expect(outlineLabel({ outline_source: 'admin-express', outline_vintage: '2018' })).toBe(
      'Contour : IGN Admin Express 2018 (simplifié)',
    );
    expect(outlineLabel({})).toBeUndefined();
  });

  it('gives a legal population its millésime', () => {
    expect(legalPopulationLabel({ population: 138170, population_vintage: 2023 })).toBe(
      '138\u202f170 habitants (population légale 2023, INSEE)',
    );
    expect(legalPopulationLabel({ population: null })).toBeUndefined();
  });
});
