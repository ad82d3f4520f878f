import { describe, expect, it } from 'vitest';
import type { Business } from '../../../kernel/businesses/businessSchemas';
import { businessesCsv, csvFileName } from './businessesCsv';

const row = (fields: Partial<Business>): Business => ({
  id: 'x',
  siret: null,
  siren: null,
  denomination: null,
  enseigne: null,
  address: null,
  city: null,
  postal_code: null,
  commune_code: null,
  latitude: null,
  longitude: null,
  naf_code: null,
  naf_label: null,
  section_code: null,
  section_label: null,
  employee_size: null,
  employee_range: 'Non renseigné',
  status: 'A',
  date_creation: null,
  source: 'osm',
  source_label: 'OpenStreetMap',
  source_vintage: 'OSM 2024-12-19',
  demo: false,
  also_in: [],
  ...fields,
});

describe('businesses CSV', () => {
  it('is ;-separated with a BOM, the product columns, quoted fields and Actif/Fermé', () => {
    const csv = businessesCsv([
      row({
        siret: '12345678900011',
        denomination: 'Le "Zinc"; bar',
        naf_code: '56.30Z',
        status: 'F',
        employee_range: '1 ou 2',
      }),
      row({ denomination: 'Démo', demo: true, source: 'demo-bpe', city: 'Paris', postal_code: '75011' }),
    ]);
    expect(
      csv.startsWith(
        '\uFEFFSIRET;Nom;Enseigne;Code NAF;Activité;Adresse;Ville;Code Postal;Effectifs;Statut;Source\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toBe('12345678900011;"Le ""Zinc""; bar";;56.30Z;;;;;1 ou 2;Fermé;OpenStreetMap · OSM 2024-12-19');
    expect(lines[2]).toBe(';Démo;;;;;Paris;75011;Non renseigné;Actif;établissement de démonstration');
    expect(csvFileName('2026-11-25')).toBe('entreprises_zone_2026-11-25.csv');
  });
});
