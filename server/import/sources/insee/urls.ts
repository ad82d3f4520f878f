import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * INSEE bases infracommunales (IRIS) of the 2017 census, national, as published by INSEE (zip holding
 * `base-ic-….CSV` and its metadata). The activité-résidents URL is the one INSEE's own script uses
 * (InseeFrLab/DoReMIFaSolData, data-raw/data_iris_paris_2017.R); the others follow the same pattern on
 * their INSEE pages and could not be checked from this machine (no internet). Filosofi IRIS is
 * published as .xlsx (https://www.insee.fr/fr/statistiques/4479212): save it as
 * `BASE_TD_FILO_DISP_IRIS_2017.csv` (`;`) to import it.
 */
const BASES: { base: string; page: string }[] = [
  { base: 'activite-residents', page: '4799323' },
  { base: 'evol-struct-pop', page: '4799309' },
  { base: 'logement', page: '4799305' },
];

export const INSEE_URLS: OfficialDownload = {
  source: 'insee',
  targets: () =>
    BASES.map(({ base, page }) => ({
      url: `https://www.insee.fr/fr/statistiques/fichier/${page}/base-ic-${base}-2017.zip`,
      path: `insee_iris/base-ic-${base}-2017.csv`,
      extract: new RegExp(`^base-ic-${base}-2017\\.csv$`, 'i'),
    })),
};
