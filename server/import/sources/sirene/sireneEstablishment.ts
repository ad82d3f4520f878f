import { COMMUNE_CODE_PATTERN, departementOfCode } from '../../../../kernel/territory/irisCode';
import type { DelimitedRow } from '../../pipeline/csv/readDelimited';
import { readDate, readDecimal } from '../../pipeline/fields';
import { RowError } from '../../pipeline/ImportError';
import { sireneAddress } from './sireneAddress';

/** Lambert-93 (metropole) or the local projection Sirene uses overseas, by département. */
const LAMBERT_EPSG: Readonly<Record<string, number>> = {
  '971': 5490,
  '972': 5490,
  '973': 2972,
  '974': 2975,
  '976': 4471,
};

const SIRET = /^\d{14}$/;
const NAF = /^\d{2}\.\d{1,2}[A-Z]?$/;
const TRANCHE = /^(NN|\d{2})$/;

/**
 * One Sirene establishment as read: WGS84 coordinates when the file gives them, else the Lambert ones
 * (`x`, `y` in `epsg`) for the database to project.
 */
export interface SireneEstablishment {
  siret: string;
  siren: string;
  nic: string;
  denomination: string | null;
  enseigne: string | null;
  adresse: string | null;
  codePostal: string | null;
  communeCode: string;
  departementCode: string;
  nafCode: string | null;
  trancheEffectifs: string | null;
  etat: 'A' | 'F' | null;
  dateCreation: string | null;
  longitude: number | null;
  latitude: number | null;
  x: number | null;
  y: number | null;
  epsg: number | null;
}

/** Coordinates of one establishment in INSEE's géolocalisation file. */
export interface SireneGeolocalisation {
  siret: string;
  longitude: number | null;
  latitude: number | null;
  x: number | null;
  y: number | null;
  epsg: number;
}

/** A Sirene field: trimmed, null when empty or not diffusible (`[ND]`). */
function field(row: DelimitedRow, column: string): string | null {
  if (!row.has(column)) return null;
  const value = row.get(column).trim();
  return value.length === 0 || value === '[ND]' ? null : value;
}

function coordinate(row: DelimitedRow, column: string): number | null {
  return field(row, column) === null ? null : readDecimal(row, column);
}

/** The name of a unité légale: its denomination, else « PRÉNOM NOM » of a natural person. */
export function uniteLegaleName(row: DelimitedRow): string | null {
  const denomination = field(row, 'denominationUniteLegale');
  if (denomination) return denomination;
  const last = field(row, 'nomUsageUniteLegale') ?? field(row, 'nomUniteLegale');
  const first = field(row, 'prenomUsuelUniteLegale') ?? field(row, 'prenom1UniteLegale');
  return last ? [first, last].filter(Boolean).join(' ') : null;
}

/** One establishment row, validated (RowError naming the column); undefined when outside the département. */
export function sireneEstablishment(row: DelimitedRow, departement: string): SireneEstablishment | undefined {
  const communeCode = field(row, 'codeCommuneEtablissement')?.toUpperCase() ?? null;
  if (communeCode === null) return undefined;
  if (!COMMUNE_CODE_PATTERN.test(communeCode)) {
    throw new RowError('codeCommuneEtablissement', `code commune invalide « ${communeCode} »`);
  }
  if (departementOfCode(communeCode) !== departement) return undefined;
  const siret = field(row, 'siret');
  if (!siret || !SIRET.test(siret)) throw new RowError('siret', `SIRET invalide « ${siret ?? ''} » (14 chiffres)`);
  const siren = field(row, 'siren') ?? siret.slice(0, 9);
  const nic = field(row, 'nic') ?? siret.slice(9);
  if (`${siren}${nic}` !== siret) throw new RowError('nic', `SIREN ${siren} + NIC ${nic} ≠ SIRET ${siret}`);
  const naf = field(row, 'activitePrincipaleEtablissement');
  if (naf !== null && !NAF.test(naf))
    throw new RowError('activitePrincipaleEtablissement', `code NAF invalide « ${naf} »`);
  const tranche = field(row, 'trancheEffectifsEtablissement');
  if (tranche !== null && !TRANCHE.test(tranche)) {
    throw new RowError('trancheEffectifsEtablissement', `tranche d’effectifs invalide « ${tranche} »`);
  }
  const etat = field(row, 'etatAdministratifEtablissement');
  if (etat !== null && etat !== 'A' && etat !== 'F') {
    throw new RowError('etatAdministratifEtablissement', `état « ${etat} » inconnu (A ou F attendu)`);
  }
  const codePostal = field(row, 'codePostalEtablissement');
  if (codePostal !== null && !/^\d{5}$/.test(codePostal)) {
    throw new RowError('codePostalEtablissement', `code postal invalide « ${codePostal} »`);
  }
  const longitude = coordinate(row, row.has('longitude') ? 'longitude' : 'x_longitude');
  const latitude = coordinate(row, row.has('latitude') ? 'latitude' : 'y_latitude');
  if ((longitude === null) !== (latitude === null))
    throw new RowError('latitude', 'longitude sans latitude ou inversement');
  if (longitude !== null && (longitude < -180 || longitude > 180)) {
    throw new RowError('longitude', `longitude hors limites « ${longitude} »`);
  }
  if (latitude !== null && (latitude < -90 || latitude > 90)) {
    throw new RowError('latitude', `latitude hors limites « ${latitude} »`);
  }
  const x = coordinate(row, 'coordonneeLambertAbscisseEtablissement');
  const y = coordinate(row, 'coordonneeLambertOrdonneeEtablissement');
  if ((x === null) !== (y === null)) {
    throw new RowError('coordonneeLambertOrdonneeEtablissement', 'abscisse sans ordonnée ou inversement');
  }
  return {
    siret,
    siren,
    nic,
    denomination: uniteLegaleName(row) ?? field(row, 'denominationUsuelleEtablissement'),
    enseigne: field(row, 'enseigne1Etablissement') ?? field(row, 'denominationUsuelleEtablissement') ?? null,
    adresse: sireneAddress({
      numero: field(row, 'numeroVoieEtablissement'),
      indice: field(row, 'indiceRepetitionEtablissement'),
      typeVoie: field(row, 'typeVoieEtablissement'),
      libelleVoie: field(row, 'libelleVoieEtablissement'),
      complement: field(row, 'complementAdresseEtablissement'),
    }),
    codePostal,
    communeCode,
    departementCode: departement,
    nafCode: naf,
    trancheEffectifs: tranche,
    etat,
    dateCreation: readDate(row, 'dateCreationEtablissement'),
    longitude,
    latitude,
    x: longitude === null ? x : null,
    y: longitude === null ? y : null,
    epsg: longitude === null && x !== null ? (LAMBERT_EPSG[departement] ?? 2154) : null,
  };
}

/**
 * One row of INSEE's géolocalisation file (`siret;x;y;…;epsg;…;y_latitude;x_longitude`): WGS84 when given,
 * else x/y in the file's EPSG (Lambert-93 when it names none).
 */
export function sireneGeolocalisation(row: DelimitedRow): SireneGeolocalisation {
  const longitude = coordinate(row, 'x_longitude');
  const latitude = coordinate(row, 'y_latitude');
  const x = coordinate(row, 'x');
  const y = coordinate(row, 'y');
  const epsgText = field(row, 'epsg');
  const epsg = epsgText === null ? 2154 : Number(epsgText);
  if (!Number.isInteger(epsg)) throw new RowError('epsg', `code EPSG invalide « ${epsgText} »`);
  return { siret: row.get('siret').trim(), longitude, latitude, x, y, epsg };
}
