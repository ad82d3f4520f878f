/** One file to fetch: URL, path in the open-data folder and, for a zip, the entry to extract. */
export interface DownloadTarget {
  url: string;
  path: string;
  /** The archive is a zip: keep only the entry whose name matches, written at `path`. */
  extract?: RegExp;
}

/** One source's official files for a set of départements: URL and path in the open-data folder. */
export interface OfficialDownload {
  source: string;
  targets(departements: readonly string[]): DownloadTarget[];
}
