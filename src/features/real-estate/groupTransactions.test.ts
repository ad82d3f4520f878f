import { describe, expect, it } from 'vitest';
import { filterGroups } from './filterGroups';
import { groupTransactions, lotAddress } from './groupTransactions';
import type { RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';
import { transactionsToCsv } from './transactionsToCsv';

let nextId = 1;
const lot = (fields: Partial<RealEstateLot>): RealEstateLot => ({
  id: nextId++,
  id_mutation: 'M1',
  date_mutation: '2024-01-03',
  nature_mutation: 'Vente',
  valeur_fonciere: 447000,
  price_per_m2: null,
  type_local: null,
  surface_reelle_bati: null,
  surface_terrain: null,
  nombre_pieces_principales: null,
  nature_culture: null,
  code_nature_culture: null,
  lot1_numero: null,
  adresse_numero: '18',
  adresse_suffixe: null,
  adresse_nom_voie: 'PL DU MARCHE ST HONORE',
  code_postal: '75001',
  nom_commune: 'Paris 1er Arrondissement',
  iris_code: null,
  id_parcelle: null,
  location: { lat: 48.86631, lon: 2.331672 },
  ...fields,
});

const lots = [
  lot({ type_local: 'Dépendance', nombre_pieces_principales: 0 }),
  lot({ type_local: 'Appartement', surface_reelle_bati: 33, nombre_pieces_principales: 2 }),
  lot({ id_mutation: 'M2', date_mutation: '2024-05-01', valeur_fonciere: 900000, type_local: 'Maison', surface_reelle_bati: 120, nombre_pieces_principales: 5 }),
  lot({ id_mutation: 'M3', date_mutation: '2024-03-01', valeur_fonciere: 20000, type_local: 'Dépendance' }),
];

describe('groupTransactions', () => {
  it('groups by id_mutation with the price of the first lot, totals and type', () => {
    const [first, second, third] = groupTransactions(lots);
    expect(first).toMatchObject({ id_mutation: 'M1', valeur_fonciere_total: 447000, total_surface: 33, total_rooms: 2, primary_type_local: 'Appartement' });
    expect(first?.lots).toHaveLength(2);
    expect(second).toMatchObject({ primary_type_local: 'Maison', total_rooms: 5 });
    expect(third).toMatchObject({ primary_type_local: 'Dépendance', total_surface: null, total_rooms: null });
  });
  it('writes the address, or null without a street', () => {
    expect(lotAddress(lots[0] as RealEstateLot)).toBe('18 PL DU MARCHE ST HONORE 75001 Paris 1er Arrondissement');
    expect(lotAddress({ ...(lots[0] as RealEstateLot), adresse_nom_voie: null })).toBeNull();
  });
});

describe('filterGroups', () => {
  const groups = groupTransactions(lots);
  it('filters by type and price and sorts', () => {
    expect(filterGroups(groups, { types: ['Appartement', 'Maison'] }, 'price-asc').map((g) => g.id_mutation)).toEqual(['M1', 'M2']);
    expect(filterGroups(groups, { priceMax: 500000 }, 'date-desc').map((g) => g.id_mutation)).toEqual(['M3', 'M1']);
  });
  it('treats a missing surface or room count as non-match when the filter is set', () => {
    expect(filterGroups(groups, { roomsMin: 1 }, 'date-desc').map((g) => g.id_mutation)).toEqual(['M2', 'M1']);
    expect(filterGroups(groups, { surfaceMax: 50 }, 'date-desc').map((g) => g.id_mutation)).toEqual(['M1']);
  });
});

describe('transactionsToCsv', () => {
  it('writes a BOM, French headers, `;` and decimal commas', () => {
    const csv = transactionsToCsv([lot({ price_per_m2: 13545.45, location: { lat: 48.5, lon: 2.25 }, adresse_nom_voie: 'RUE "A";B' })]);
    expect(csv.startsWith('\uFEFFIdentifiant de mutation;Date de mutation;Nature de mutation;Valeur foncière (€)')).toBe(true);
    const [, row] = csv.slice(1).split('\r\n');
    expect(row).toContain(';13545;');
    expect(row).toContain('"RUE ""A"";B"');
    expect(row?.endsWith(';48,5;2,25')).toBe(true);
  });
});
