import { ADMIN_URLS } from '../admin/urls';

/** One source's official files for a set of départements: URL and path in the open-data folder. */
export interface OfficialDownload {
  source: string;
  targets(departements: readonly string[]): { url: string; path: string }[];
}

/** Every source that can be downloaded from its publisher. */
export const OFFICIAL_DOWNLOADS: readonly OfficialDownload[] = [ADMIN_URLS];
