import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * NAF rév. 2: INSEE publishes the labels of the five levels as `int_courts_naf_rev_2.xls` and the
 * hierarchy as `naf2008_5_niveaux.xls` (https://www.insee.fr/fr/information/2120875). The importer
 * reads their `;` CSV export (`naf/int_courts_naf_rev_2.csv`, `naf/naf2008_5_niveaux.csv`): the .xls
 * are downloaded next to where the CSV go, to be converted (e.g. `ssconvert` or LibreOffice).
 */
export const NAF_URLS: OfficialDownload = {
  source: 'naf',
  targets: () => [
    {
      url: 'https://www.insee.fr/fr/statistiques/fichier/2120875/int_courts_naf_rev_2.xls',
      path: 'naf/int_courts_naf_rev_2.xls',
    },
    {
      url: 'https://www.insee.fr/fr/statistiques/fichier/2120875/naf2008_5_niveaux.xls',
      path: 'naf/naf2008_5_niveaux.xls',
    },
  ],
};
