import type { OfficialDownload } from '../../pipeline/download/OfficialDownload';

/**
 * France Travail publishes job seekers by commune on its statistics portal
 * (https://statistiques.francetravail.org, "Demandeurs d'emploi inscrits à France Travail par
 * catégorie et commune") and the Dares on https://data.dares.travail-emploi.gouv.fr. No stable direct
 * file URL could be checked from this machine: put the CSV export in `france_travail/` (one file per
 * year, e.g. `defm-categories-communes-2024.csv`). Nothing is downloaded.
 */
export const JOB_SEEKERS_URLS: OfficialDownload = {
  source: 'job-seekers',
  targets: () => [],
};
