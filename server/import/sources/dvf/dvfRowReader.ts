import { COMMUNE_CODE_PATTERN, DEPARTEMENT_CODE_PATTERN } from '../../../../kernel/territory/irisCode';
import type { CopyValue } from '../../pipeline/copy/CopyBuffer';
import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { readCode, readDate, readDecimal, readInteger, readText } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';

/** The dvf_rows columns loaded from the file, in COPY order (geometry, vintage and id are added). */
export const DVF_TEXT_COLUMNS = [
  'id_mutation',
  'date_mutation',
  'numero_disposition',
  'nature_mutation',
  'valeur_fonciere',
  'adresse_numero',
  'adresse_suffixe',
  'adresse_nom_voie',
  'adresse_code_voie',
  'code_postal',
  'code_commune',
  'nom_commune',
  'code_departement',
  'ancien_code_commune',
  'ancien_nom_commune',
  'id_parcelle',
  'ancien_id_parcelle',
  'numero_volume',
  'lot1_numero',
  'lot1_surface_carrez',
  'lot2_numero',
  'lot2_surface_carrez',
  'lot3_numero',
  'lot3_surface_carrez',
  'lot4_numero',
  'lot4_surface_carrez',
  'lot5_numero',
  'lot5_surface_carrez',
  'nombre_lots',
  'code_type_local',
  'type_local',
  'surface_reelle_bati',
  'nombre_pieces_principales',
  'code_nature_culture',
  'nature_culture',
  'code_nature_culture_speciale',
  'nature_culture_speciale',
  'surface_terrain',
  'longitude',
  'latitude',
] as const;

const DECIMAL_COLUMNS = new Set([
  'valeur_fonciere',
  'lot1_surface_carrez',
  'lot2_surface_carrez',
  'lot3_surface_carrez',
  'lot4_surface_carrez',
  'lot5_surface_carrez',
  'surface_reelle_bati',
  'surface_terrain',
]);
const INTEGER_COLUMNS = new Set(['nombre_lots', 'nombre_pieces_principales']);
const NATURES = new Set([
  'Vente',
  "Vente en l'état futur d'achèvement",
  'Vente terrain à bâtir',
  'Echange',
  'Adjudication',
  'Expropriation',
]);

/** One validated DVF row: the COPY values and the fields the mutation summary needs. */
export interface DvfRow {
  values: CopyValue[];
  id_mutation: string;
  date_mutation: string;
  nature_mutation: string;
  valeur_fonciere: number | null;
  code_commune: string;
  nom_commune: string | null;
  code_departement: string;
  code_postal: string | null;
  adresse_numero: string | null;
  adresse_suffixe: string | null;
  adresse_nom_voie: string | null;
  id_parcelle: string | null;
  lot1_numero: string | null;
  type_local: string | null;
  surface_reelle_bati: number | null;
  nombre_pieces_principales: number | null;
  code_nature_culture: string | null;
  surface_terrain: number | null;
  longitude: number | null;
  latitude: number | null;
}

/**
 * Validates and reads one geo-DVF row; a bad field throws a {@link RowError} naming its column (the
 * reader adds the file and line). Columns absent from older files (`ancien_*`) are NULL.
 */
export function readDvfRow(row: DelimitedRow): DvfRow {
  const values: CopyValue[] = [];
  const read: Record<string, string | number | null> = {};
  for (const column of DVF_TEXT_COLUMNS) {
    let value: string | number | null;
    if (!row.has(column)) value = null;
    else if (column === 'date_mutation') value = readDate(row, column, true);
    else if (DECIMAL_COLUMNS.has(column)) value = readDecimal(row, column);
    else if (INTEGER_COLUMNS.has(column)) value = readInteger(row, column);
    else if (column === 'longitude' || column === 'latitude') value = readDecimal(row, column);
    else value = readText(row, column);
    read[column] = value;
    values.push(value);
  }
  const idMutation = readText(row, 'id_mutation', true) as string;
  const nature = readText(row, 'nature_mutation', true) as string;
  if (!NATURES.has(nature)) throw new RowError('nature_mutation', `nature de mutation inconnue « ${nature} »`);
  const communeCode = readCode(row, 'code_commune', COMMUNE_CODE_PATTERN) as string;
  const departementCode = readCode(row, 'code_departement', DEPARTEMENT_CODE_PATTERN) as string;
  if (!communeCode.startsWith(departementCode.slice(0, 2))) {
    throw new RowError('code_commune', `commune ${communeCode} hors du département ${departementCode}`);
  }
  const longitude = read.longitude as number | null;
  const latitude = read.latitude as number | null;
  if (longitude !== null && (longitude < -180 || longitude > 180)) {
    throw new RowError('longitude', `longitude hors limites « ${longitude} »`);
  }
  if (latitude !== null && (latitude < -90 || latitude > 90)) {
    throw new RowError('latitude', `latitude hors limites « ${latitude} »`);
  }
  if ((read.valeur_fonciere as number | null) !== null && (read.valeur_fonciere as number) < 0) {
    throw new RowError('valeur_fonciere', 'valeur foncière négative');
  }
  return {
    values,
    id_mutation: idMutation,
    date_mutation: read.date_mutation as string,
    nature_mutation: nature,
    valeur_fonciere: read.valeur_fonciere as number | null,
    code_commune: communeCode,
    nom_commune: read.nom_commune as string | null,
    code_departement: departementCode,
    code_postal: read.code_postal as string | null,
    adresse_numero: read.adresse_numero as string | null,
    adresse_suffixe: read.adresse_suffixe as string | null,
    adresse_nom_voie: read.adresse_nom_voie as string | null,
    id_parcelle: read.id_parcelle as string | null,
    lot1_numero: read.lot1_numero as string | null,
    type_local: read.type_local as string | null,
    surface_reelle_bati: read.surface_reelle_bati as number | null,
    nombre_pieces_principales: read.nombre_pieces_principales as number | null,
    code_nature_culture: read.code_nature_culture as string | null,
    surface_terrain: read.surface_terrain as number | null,
    longitude,
    latitude,
  };
}
