import { describe, expect, it } from 'vitest';
import { inferLotType } from '../../kernel/real-estate/inferLotType';
import { quantileOfSorted, quarterOf, quartilesOf } from './priceStatistics';
import { type MutationLot, summariseMutation } from './summariseMutation';

const lot = (fields: Partial<MutationLot>): MutationLot => ({
  type_local: null,
  nature_mutation: 'Vente',
  lot1_numero: null,
  surface_reelle_bati: null,
  surface_terrain: null,
  code_nature_culture: null,
  valeur_fonciere: 300000,
  id_parcelle: '75111000AB0001',
  nombre_pieces_principales: null,
  ...fields,
});

describe('inferLotType', () => {
  it('keeps a known type other than Dépendance', () => {
    expect(inferLotType(lot({ type_local: 'Appartement' }))).toBe('Appartement');
    expect(inferLotType(lot({ type_local: 'Local industriel. commercial ou assimilé' }))).toBe(
      'Local industriel. commercial ou assimilé',
    );
  });
  it('gives Construction to a lot of a VEFA', () => {
    expect(inferLotType(lot({ lot1_numero: '12', nature_mutation: "Vente en l'état futur d'achèvement" }))).toBe(
      'Construction',
    );
  });
  it('gives Terrain à bâtir to a land-for-building sale or the AB cultivation code', () => {
    expect(inferLotType(lot({ nature_mutation: 'Vente terrain à bâtir', surface_terrain: 300 }))).toBe('Terrain à bâtir');
    expect(inferLotType(lot({ code_nature_culture: 'AB', surface_terrain: 300 }))).toBe('Terrain à bâtir');
  });
  it('keeps Dépendance, infers Maison from a built surface and Terrain from land', () => {
    expect(inferLotType(lot({ type_local: 'Dépendance' }))).toBe('Dépendance');
    expect(inferLotType(lot({ surface_reelle_bati: 80 }))).toBe('Maison');
    expect(inferLotType(lot({ surface_terrain: 1500 }))).toBe('Terrain');
    expect(inferLotType(lot({ surface_terrain: 200, code_nature_culture: 'S' }))).toBe('Terrain');
    expect(inferLotType(lot({ surface_terrain: 200 }))).toBe('Non spécifié');
    expect(inferLotType(lot({}))).toBe('Non spécifié');
  });
});

describe('summariseMutation', () => {
  it('takes the group type by priority and the €/m² of a single apartment with its dependency', () => {
    const summary = summariseMutation([
      lot({ type_local: 'Dépendance', lot1_numero: '27', valeur_fonciere: 447000 }),
      lot({ type_local: 'Appartement', lot1_numero: '5', surface_reelle_bati: 33, nombre_pieces_principales: 2, valeur_fonciere: 447000 }),
    ]);
    expect(summary).toMatchObject({
      primaryIndex: 1,
      type_local: 'Appartement',
      property_category: 'building',
      valeur_fonciere_total: 447000,
      lot_count: 2,
      total_surface: 33,
      total_rooms: 2,
      single_type_local: 'Appartement',
    });
    expect(summary.price_per_m2).toBeCloseTo(447000 / 33, 6);
  });
  it('has no single-property €/m² for a sale of two apartments, but a built €/m²', () => {
    const summary = summariseMutation([
      lot({ type_local: 'Appartement', lot1_numero: '1', surface_reelle_bati: 30, nombre_pieces_principales: 1 }),
      lot({ type_local: 'Appartement', lot1_numero: '2', surface_reelle_bati: 70, nombre_pieces_principales: 3 }),
    ]);
    expect(summary.price_per_m2).toBeNull();
    expect(summary.single_type_local).toBeNull();
    expect(summary.total_surface).toBe(100);
    expect(summary.total_rooms).toBe(4);
    expect(summary.price_per_m2_bati).toBe(3000);
  });
  it('counts a premises repeated on two parcels once and sums land per parcel', () => {
    const summary = summariseMutation([
      lot({ type_local: 'Maison', surface_reelle_bati: 100, surface_terrain: 400, id_parcelle: 'P1', code_nature_culture: 'S' }),
      lot({ type_local: 'Maison', surface_reelle_bati: 100, surface_terrain: 400, id_parcelle: 'P1', code_nature_culture: 'S' }),
      lot({ surface_terrain: 600, id_parcelle: 'P2', code_nature_culture: 'AG' }),
    ]);
    expect(summary.type_local).toBe('Maison');
    expect(summary.total_surface).toBe(100);
    expect(summary.surface_terrain).toBe(1000);
    expect(summary.price_per_m2).toBe(3000);
  });
  it('classes parkings as constructible and bare land as agricultural', () => {
    expect(summariseMutation([lot({ type_local: 'Dépendance' })]).property_category).toBe('constructible');
    expect(summariseMutation([lot({ surface_terrain: 5000, code_nature_culture: 'T' })]).property_category).toBe(
      'agricultural',
    );
  });
});

describe('price statistics', () => {
  it('interpolates quantiles like percentile_cont', () => {
    expect(quantileOfSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileOfSorted([10, 20, 30, 40, 50], 0.25)).toBe(20);
    expect(quantileOfSorted([], 0.5)).toBeNull();
  });
  it('hides figures below three sales', () => {
    expect(quartilesOf([1, 2])).toEqual({ count: 2, q1: null, median: null, q3: null, mean: null });
    expect(quartilesOf([3, 1, 2])).toMatchObject({ count: 3, median: 2, mean: 2 });
  });
  it('names quarters', () => {
    expect(quarterOf('2024-02-15')).toBe('2024-T1');
    expect(quarterOf('2025-12-31')).toBe('2025-T4');
  });
});
