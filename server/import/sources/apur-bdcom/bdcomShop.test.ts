import { describe, expect, it } from 'vitest';
import { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { BDCOM_COVERED_NAF_CODES, BDCOM_NAF_CODES } from './bdcomNafCodes';
import { bdcomShop } from './bdcomShop';

const HEADER =
  'X;Y;OBJECTID;C_ORD;ARRO;QUA;IRIS;NUM;LET;TYP_VOIE;LIB_VOIE;NIV6;LIBACT;SIT;CODACT;SURF;CC_ID;CC_NIV;TYPE'.split(';');

function row(line: string): DelimitedRow {
  return new DelimitedRow(line.split(';'), 2, new Map(HEADER.map((name, index) => [name, index])));
}

describe('BDCOM shop front → establishment', () => {
  it('reads the official layout: identity, arrondissement, IRIS, address, Lambert-93 point and NAF', () => {
    const shop = bdcomShop(
      row(
        '654944.46;6859360.55;1;2;12;47;751124706;20;B;COUR;SAINT EMILION;1;Boulangerie - Boulangerie Pâtisserie;A;CA103;1;;;C',
      ),
    );
    expect(shop).toEqual({
      id: 'apur-bdcom:1',
      denomination: null,
      enseigne: null,
      adresse: '20 BIS COUR SAINT EMILION',
      codePostal: '75012',
      communeCode: '75112',
      irisCode: '751124706',
      nafCode: '10.71C',
      longitude: null,
      latitude: null,
      x: 654944.46,
      y: 6859360.55,
      sourceActivity: 'CA103 Boulangerie - Boulangerie Pâtisserie',
    });
  });

  it('refuses an unknown activity code, an IRIS of another arrondissement and a point off Lambert-93', () => {
    const line = (code: string, iris = '751124706', x = '654944') =>
      row(`${x};6859360;1;2;12;47;${iris};20;;RUE;X;1;label;A;${code};1;;;C`);
    expect(() => bdcomShop(line('CA999'))).toThrow(/code d’activité BDCOM inconnu « CA999 »/);
    expect(() => bdcomShop(line('CA103', '751010101'))).toThrow(/hors de l’arrondissement 75112/);
    expect(() => bdcomShop(line('CA103', '751124706', '-4'))).toThrow(/abscisse Lambert-93/);
  });

  it('maps all 25 food codes, and covers every NAF code it gives except traiteurs and glaciers', () => {
    expect(Object.keys(BDCOM_NAF_CODES)).toHaveLength(25);
    expect(BDCOM_COVERED_NAF_CODES).toContain('10.71C');
    expect(BDCOM_COVERED_NAF_CODES).toContain('47.11D');
    expect(BDCOM_COVERED_NAF_CODES).not.toContain('56.21Z');
  });
});
