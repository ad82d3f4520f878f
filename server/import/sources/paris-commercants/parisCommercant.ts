import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { readCode, readDecimal, readText } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import { insideFrance, type SourceEstablishment } from '../establishments/SourceEstablishment';
import { PARIS_COMMERCANTS_NAF_CODES } from './parisCommercantsNafCodes';

/** A Paris postcode: 75001–75020, and 75116 (the 16th's northern half). */
const PARIS_POSTCODE = /^75(0(0[1-9]|1\d|20)|116)$/;

/**
 * One shop of the Ville de Paris list → an establishment: identity `paris-commercants:<recordid>`, the
 * shop's name, address and point, the arrondissement from the postcode, NAF from
 * {@link PARIS_COMMERCANTS_NAF_CODES} (an unknown type is an error).
 */
export function parisCommercant(row: DelimitedRow): SourceEstablishment {
  const recordId = readCode(row, 'recordid', /^[0-9a-f]{40}$/) as string;
  const name = readText(row, 'nom_du_commerce', true);
  const postcode = readCode(row, 'code_postal', PARIS_POSTCODE) as string;
  const type = readText(row, 'type_de_commerce', true) as string;
  if (!(type in PARIS_COMMERCANTS_NAF_CODES))
    throw new RowError('type_de_commerce', `type de commerce inconnu « ${type} »`);
  const latitude = readDecimal(row, 'geo_point_2d_lat', true) as number;
  const longitude = readDecimal(row, 'geo_point_2d_lon', true) as number;
  if (!insideFrance(longitude, latitude)) {
    throw new RowError('geo_point_2d_lat', `position hors de France « ${latitude}, ${longitude} »`);
  }
  return {
    id: `paris-commercants:${recordId}`,
    denomination: name,
    enseigne: null,
    adresse: readText(row, 'adresse'),
    codePostal: postcode,
    communeCode: postcode === '75116' ? '75116' : `751${postcode.slice(3)}`,
    irisCode: null,
    nafCode: PARIS_COMMERCANTS_NAF_CODES[type] ?? null,
    longitude,
    latitude,
    x: null,
    y: null,
    sourceActivity: type,
  };
}
