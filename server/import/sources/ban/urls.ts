import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * Base adresse nationale: one gzipped `;` CSV per département, as adresse.data.gouv.fr distributes it
 * (https://adresse.data.gouv.fr/donnees-nationales). Not checked from this machine (no internet).
 */
export const BAN_URLS: OfficialDownload = {
  source: 'ban',
  targets: (departements) =>
    departements.map((departement) => ({
      url: `https://adresse.data.gouv.fr/data/ban/adresses/latest/csv/adresses-${departement}.csv.gz`,
      path: `ban/adresses-${departement}.csv.gz`,
    })),
};
