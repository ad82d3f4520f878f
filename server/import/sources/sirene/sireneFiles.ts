import { DEPARTEMENT_CODE_SOURCE } from '../../../../kernel/territory/territoryCodes';
import { basename } from 'node:path';
import { listDataFiles } from '../../pipeline/listDataFiles';

/** Folders where Sirene files are looked for. */
export const SIRENE_FOLDERS = ['sirene'] as const;

const UNITE_LEGALE_FILE = /^StockUniteLegale.*\.csv(\.gz)?$/i;
const GEOLOCALISATION_FILE = /^GeolocalisationEtablissement.*\.csv(\.gz)?$/i;
/** INSEE's national stock, Etalab's per-département géolocalisé file, or an extract of either. */
const ESTABLISHMENT_FILE = /^(StockEtablissement|geo[_-]siret|sirene|etablissements).*\.csv(\.gz)?$/i;
const NATIONAL_FILE = /^StockEtablissement(_utf8)?\.csv(\.gz)?$/i;
const DEPARTEMENT_FILE = new RegExp(
  `^(?:geo[_-]siret|StockEtablissement)[_-](${DEPARTEMENT_CODE_SOURCE})(?:[_-].*)?\\.csv(\\.gz)?$`,
  'i',
);

export interface SireneEstablishmentFile {
  path: string;
  /** The département the name announces (`geo_siret_67.csv.gz`); undefined for the national stock or an extract. */
  departement: string | undefined;
  /** INSEE's complete national stock (huge): planned only for the asked départements. */
  national: boolean;
}

export interface SireneFiles {
  establishments: SireneEstablishmentFile[];
  /** `StockUniteLegale_utf8.csv`: names of the unités légales, when the establishment file has none. */
  uniteLegale: string | undefined;
  /** `GeolocalisationEtablissement_Sirene_pour_etudes_statistiques_utf8.csv`: coordinates per SIRET. */
  geolocalisation: string | undefined;
}

/**
 * The Sirene files of `sirene/`. When an extract exists both plain and geocoded (`x.csv` and
 * `x.geocoded.csv`, the output of the BAN CSV geocoder), only the geocoded one is read.
 */
export function findSireneFiles(directory: string): SireneFiles {
  const all = listDataFiles(directory, SIRENE_FOLDERS, /\.csv(\.gz)?$/i);
  const names = new Set(all.map((path) => basename(path).replace(/\.gz$/i, '')));
  const establishments = all
    .filter((path) => {
      const name = basename(path);
      if (!ESTABLISHMENT_FILE.test(name) || UNITE_LEGALE_FILE.test(name) || GEOLOCALISATION_FILE.test(name)) {
        return false;
      }
      const plain = name.replace(/\.gz$/i, '');
      return plain.endsWith('.geocoded.csv') || !names.has(plain.replace(/\.csv$/i, '.geocoded.csv'));
    })
    .map((path) => ({
      path,
      departement: DEPARTEMENT_FILE.exec(basename(path))?.[1]?.toUpperCase(),
      national: NATIONAL_FILE.test(basename(path)),
    }));
  return {
    establishments,
    uniteLegale: all.find((path) => UNITE_LEGALE_FILE.test(basename(path))),
    geolocalisation: all.find((path) => GEOLOCALISATION_FILE.test(basename(path))),
  };
}
