/**
 * Downloads the official files of the given départements into the open-data folder. Each source keeps
 * its publisher URLs in `server/import/<source>/urls.ts`; this machine has no internet, so the
 * download is only run where it has.
 */
export async function downloadOfficialFiles(departements: readonly string[], directory: string): Promise<void> {
  const { OFFICIAL_DOWNLOADS } = await import('./officialDownloads');
  const { downloadFile } = await import('./downloadFile');
  for (const download of OFFICIAL_DOWNLOADS) {
    for (const target of download.targets(departements)) {
      console.log(`Téléchargement ${target.url}`);
      await downloadFile(target.url, `${directory}/${target.path}`);
    }
  }
}
