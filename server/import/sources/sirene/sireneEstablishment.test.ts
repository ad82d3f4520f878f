import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { RowError } from '../../pipeline/ImportError';
import { sireneEstablishment, sireneGeolocalisation } from './sireneEstablishment';

const FIXTURES = resolve(import.meta.dirname, '../../../../tests/fixtures/sirene');

/** The rows of an official-layout fixture (no quoted fields in these), keyed by the header. */
function fixtureRows(file: string, separator: string): DelimitedRow[] {
  const [header = '', ...lines] = readFileSync(resolve(FIXTURES, file), 'utf8').trim().split('\n');
  const columns = new Map(header.split(separator).map((name, index) => [name, index]));
  return lines.map((line, index) => new DelimitedRow(line.split(separator), index + 2, columns));
}

const stock = fixtureRows('StockEtablissement_utf8.csv', ',');

describe('Sirene row → establishment', () => {
  it('reads an establishment of the official stock with its Lambert-93 point and address', () => {
    expect(sireneEstablishment(stock[0] as DelimitedRow, '75')).toEqual({
      siret: '55210055400019',
      siren: '552100554',
      nic: '00019',
      denomination: null,
      enseigne: 'LA FOURNEE DE RIVOLI',
      adresse: '12 RUE DE RIVOLI',
      codePostal: '75004',
      communeCode: '75104',
      departementCode: '75',
      nafCode: '10.71C',
      trancheEffectifs: '11',
      etat: 'A',
      dateCreation: '1998-03-02',
      longitude: null,
      latitude: null,
      x: 653036.75,
      y: 6861919.65,
      epsg: 2154,
    });
  });

  it('leaves out an establishment of another département', () => {
    expect(sireneEstablishment(stock[0] as DelimitedRow, '67')).toBeUndefined();
  });

  it('names the column of an invalid SIRET', () => {
    const columns = new Map([
      ['siret', 0],
      ['codeCommuneEtablissement', 1],
    ]);
    const row = new DelimitedRow(['8323456780002', '75111'], 3, columns);
    expect(() => sireneEstablishment(row, '75')).toThrow(RowError);
    expect(() => sireneEstablishment(row, '75')).toThrow(/SIRET invalide « 8323456780002 »/);
  });

  it('reads the géolocalisation file: WGS84 and the Lambert-93 point with its EPSG', () => {
    const [first] = fixtureRows('GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv', ';');
    expect(sireneGeolocalisation(first as DelimitedRow)).toEqual({
      siret: '83234567800027',
      longitude: 2.394057,
      latitude: 48.854387,
      x: 655538.24,
      y: 6861764.81,
      epsg: 2154,
    });
  });
});
