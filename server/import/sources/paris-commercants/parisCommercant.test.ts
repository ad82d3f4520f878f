import { describe, expect, it } from 'vitest';
import { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { parisCommercant } from './parisCommercant';

const HEADER =
  'recordid;record_timestamp;type_de_commerce;nom_du_commerce;adresse;code_postal;services;fabrique_a_paris;site_internet;description;precisions;geo_point_2d_lat;geo_point_2d_lon'.split(
    ';',
  );
const ID = '7e2f50a23a6f5ece4e6f228a8880fd60e5f1d1cb';

function row(type: string, postcode = '75013', lat = '48.83', name = 'au petit village'): DelimitedRow {
  const fields = [ID, '2022-08-17', type, name, '6 rue coypel', postcode, '', 'non', '', '', '', lat, '2.35'];
  return new DelimitedRow(fields, 7, new Map(HEADER.map((column, index) => [column, index])));
}

describe('Ville de Paris shop → establishment', () => {
  it('keeps the name, address and point, the arrondissement from the postcode, NAF from the type', () => {
    expect(parisCommercant(row('Restaurant ou traiteur'))).toEqual({
      id: `paris-commercants:${ID}`,
      denomination: 'au petit village',
      enseigne: null,
      adresse: '6 rue coypel',
      codePostal: '75013',
      communeCode: '75113',
      irisCode: null,
      nafCode: '56.10A',
      longitude: 2.35,
      latitude: 48.83,
      x: null,
      y: null,
      sourceActivity: 'Restaurant ou traiteur',
    });
    expect(parisCommercant(row('Autre', '75116')).communeCode).toBe('75116');
    expect(parisCommercant(row('Autre')).nafCode).toBeNull();
  });

  it('refuses an unknown type, a postcode outside Paris, a point outside France and a missing name', () => {
    expect(() => parisCommercant(row('Garage'))).toThrow(/type de commerce inconnu « Garage »/);
    expect(() => parisCommercant(row('Primeur', '93100'))).toThrow(/code invalide « 93100 »/);
    expect(() => parisCommercant(row('Primeur', '75013', '12'))).toThrow(/hors de France/);
    expect(() => parisCommercant(row('Primeur', '75013', '48.8', ''))).toThrow(/valeur obligatoire/);
  });
});
