import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * Base permanente des équipements 2019, fichier « ensemble » (counts per IRIS × type), national, as
 * INSEE publishes it (zip holding `bpe19_ensemble.csv`, https://www.insee.fr/fr/statistiques/3568638).
 * Not checked from this machine (no internet).
 */
export const BPE_URLS: OfficialDownload = {
  source: 'bpe',
  targets: () => [
    {
      url: 'https://www.insee.fr/fr/statistiques/fichier/3568638/bpe19_ensemble_csv.zip',
      path: 'bpe/bpe19_ensemble.csv',
      extract: /^bpe19_ensemble\.csv$/i,
    },
  ],
};
