import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { readCode, readDecimal, readText } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import type { SourceEstablishment } from '../establishments/SourceEstablishment';
import { BDCOM_NAF_CODES } from './bdcomNafCodes';

/** BDCOM `TYP_VOIE` abbreviations (Ville de Paris nomenclature of street types). */
const STREET_TYPES: Readonly<Record<string, string>> = {
  ALL: 'ALLEE',
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CAR: 'CARREFOUR',
  CHAU: 'CHAUSSEE',
  CITE: 'CITE',
  COUR: 'COUR',
  CRS: 'COURS',
  ESPL: 'ESPLANADE',
  GAL: 'GALERIE',
  IMP: 'IMPASSE',
  PAS: 'PASSAGE',
  PL: 'PLACE',
  PRT: 'PORT',
  QU: 'QUAI',
  RUE: 'RUE',
  SQ: 'SQUARE',
  VLA: 'VILLA',
};

const REPETITIONS: Readonly<Record<string, string>> = { B: 'BIS', T: 'TER', Q: 'QUATER' };

/** Lambert-93 extent of metropolitan France: a point outside is a bad coordinate. */
const LAMBERT_93 = { minX: 0, maxX: 1_300_000, minY: 6_000_000, maxY: 7_200_000 } as const;

/**
 * One BDCOM shop front → an establishment: identity `apur-bdcom:<OBJECTID>` (the layer has no SIRET and no
 * name), the arrondissement (`ARRO`) as commune and postcode, the file's IRIS, the Lambert-93 point, NAF
 * from {@link BDCOM_NAF_CODES} (an unknown activity code is an error).
 */
export function bdcomShop(row: DelimitedRow): SourceEstablishment {
  const objectId = readCode(row, 'OBJECTID', /^\d+$/);
  const arrondissement = Number(readCode(row, 'ARRO', /^\d{1,2}$/));
  if (arrondissement < 1 || arrondissement > 20)
    throw new RowError('ARRO', `arrondissement inconnu « ${arrondissement} »`);
  const commune = `751${String(arrondissement).padStart(2, '0')}`;
  const iris = readCode(row, 'IRIS', /^\d{9}$/) as string;
  if (!iris.startsWith(commune)) throw new RowError('IRIS', `IRIS ${iris} hors de l’arrondissement ${commune}`);
  const activity = readText(row, 'CODACT', true) as string;
  const naf = BDCOM_NAF_CODES[activity];
  if (!naf) throw new RowError('CODACT', `code d’activité BDCOM inconnu « ${activity} »`);
  const x = readDecimal(row, 'X', true) as number;
  const y = readDecimal(row, 'Y', true) as number;
  if (x < LAMBERT_93.minX || x > LAMBERT_93.maxX) throw new RowError('X', `abscisse Lambert-93 hors limites « ${x} »`);
  if (y < LAMBERT_93.minY || y > LAMBERT_93.maxY) throw new RowError('Y', `ordonnée Lambert-93 hors limites « ${y} »`);
  const number = readText(row, 'NUM');
  const letter = readText(row, 'LET');
  const type = readText(row, 'TYP_VOIE');
  const street = readText(row, 'LIB_VOIE');
  const address = street
    ? [number, letter ? (REPETITIONS[letter] ?? letter) : null, type ? (STREET_TYPES[type] ?? type) : null, street]
        .filter(Boolean)
        .join(' ')
    : null;
  return {
    id: `apur-bdcom:${objectId}`,
    denomination: null,
    enseigne: null,
    adresse: address,
    codePostal: `750${String(arrondissement).padStart(2, '0')}`,
    communeCode: commune,
    irisCode: iris,
    nafCode: naf,
    longitude: null,
    latitude: null,
    x,
    y,
    sourceActivity: `${activity} ${readText(row, 'LIBACT') ?? ''}`.trim(),
  };
}
