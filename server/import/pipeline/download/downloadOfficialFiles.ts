/**
 * Downloads the official files of the given départements into the open-data folder. Each source keeps
 * its publisher URLs in `server/import/<source>/urls.ts`; this machine has no internet, so the
 * download is only run where it has.
 */
export async function downloadOfficialFiles(departements: readonly string[], directory: string): Promise<void> {
  const { OFFICIAL_DOWNLOADS } = await import('./officialDownloads');
  const { downloadFile } = await import('./downloadFile');
  const { extractZipEntry } = await import('./extractZipEntry');
  for (const download of OFFICIAL_DOWNLOADS) {
    for (const target of download.targets(departements)) {
      console.log(`Téléchargement ${target.url}`);
      if (target.extract) {
        const archive = `${directory}/${target.path}.zip`;
        await downloadFile(target.url, archive);
        extractZipEntry(archive, target.extract, `${directory}/${target.path}`);
      } else {
        await downloadFile(target.url, `${directory}/${target.path}`);
      }
    }
  }
}
