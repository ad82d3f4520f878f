import { describe, expect, it } from 'vitest';
import { RowError } from '../../pipeline/ImportError';
import { categoryOf, jobSeekersLayout, normalisePeriod, readJobSeekerCount } from './jobSeekersLayout';

describe('France Travail DEFM layout', () => {
  it.each([
    ['Catégorie A', 'A'],
    ['Catégories A, B, C', 'ABC'],
    ['cat_b', 'B'],
    ['ABC', 'ABC'],
    ['nb_demandeurs_cat_e', 'E'],
    ['Libellé commune', undefined],
    ['Période', undefined],
  ])('category of « %s » is %s', (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it('recognises the wide layout (one column per category)', () => {
    const layout = jobSeekersLayout('defm.csv', [
      'Code commune',
      'Libellé commune',
      'Période',
      'Catégorie A',
      'Catégories A, B, C',
    ]);
    expect(layout).toMatchObject({ kind: 'wide', commune: 'Code commune', name: 'Libellé commune', period: 'Période' });
    expect(layout.kind === 'wide' && [...layout.categories.values()]).toEqual(['A', 'ABC']);
  });

  it('recognises the long layout (categorie + nombre)', () => {
    expect(jobSeekersLayout('defm.csv', ['codgeo', 'libgeo', 'periode', 'categorie', 'nombre'])).toEqual({
      kind: 'long',
      commune: 'codgeo',
      name: 'libgeo',
      period: 'periode',
      category: 'categorie',
      value: 'nombre',
    });
  });

  it('fails on line 1 without commune or period columns', () => {
    expect(() => jobSeekersLayout('defm.csv', ['Période', 'Catégorie A'])).toThrow(/defm\.csv:1.*code commune/);
    expect(() => jobSeekersLayout('defm.csv', ['codgeo', 'Catégorie A'])).toThrow(/période/);
  });

  it.each([
    ['2024', '2024'],
    ['2024-T4', '2024-T4'],
    ['2024T1', '2024-T1'],
    ['T2 2024', '2024-T2'],
    ['2024-Q3', '2024-T3'],
    ['2024-12', '2024-12'],
    ['12/2024', '2024-12'],
    ['2024-06-30', '2024-06'],
  ])('period %s → %s', (text, period) => {
    expect(normalisePeriod(text, 'periode')).toBe(period);
  });

  it('rejects an unknown period and a fractional count', () => {
    expect(() => normalisePeriod('hiver 2024', 'periode')).toThrow(RowError);
    expect(() => readJobSeekerCount('12,5', 'nombre')).toThrow(RowError);
    expect(readJobSeekerCount('s', 'nombre')).toBeNull();
    expect(readJobSeekerCount('', 'nombre')).toBeNull();
    expect(readJobSeekerCount('1 230', 'nombre')).toBe(1230);
  });
});
