import type { ExportDocument } from '../../kernel/export/exportDocument';
import { csvExport } from './csvExport';
import { pdfExport } from './pdfExport';
import { xlsxExport } from './xlsxExport';

/** The file of a document in its format (pure: the same document gives the same figures). */
export async function buildExportFile(document: ExportDocument): Promise<Uint8Array> {
  switch (document.format) {
    case 'csv':
      return csvExport(document);
    case 'xlsx':
      return xlsxExport(document);
    case 'pdf':
      return pdfExport(document);
  }
}
