import type { ExportDocument } from '../../kernel/export/exportDocument';
import { csvExport } from './csvExport';

/**
 * The file of a document in its format. The workbook and PDF writers (exceljs, pdfkit, ECharts) load on
 * first use, so a thread that only writes workbooks never loads the PDF libraries.
 */
export async function buildExportFile(document: ExportDocument): Promise<Uint8Array> {
  switch (document.format) {
    case 'csv':
      return csvExport(document);
    case 'xlsx':
      return (await import('./xlsxExport')).xlsxExport(document);
    case 'pdf':
      return (await import('./pdfExport')).pdfExport(document);
    case 'geojson':
      return (await import('./gisExport')).geojsonExport(document);
    case 'fgb':
      return (await import('./gisExport')).flatgeobufExport(document);
  }
}
