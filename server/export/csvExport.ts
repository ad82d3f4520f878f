import type { ExportDocument } from '../../kernel/export/exportDocument';
import { missingText, roundedValue, rowsOf, sourceText } from './exportValues';

const HEADER = ['Zone', 'Métrique', 'Valeur', 'Unité', 'Source', 'Millésime'];

const quoted = (field: string) => (/[;"\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field);

/**
 * The CSV for Excel fr-FR: UTF-8 with BOM, `;` separator, decimal comma without thousands separator
 * (Excel reads it as a number), one row per zone × metric.
 */
export function csvExport(document: ExportDocument): Uint8Array {
  const lines = [HEADER.join(';')];
  for (const { metric, readings } of rowsOf(document)) {
    document.zones.forEach((zone, index) => {
      const reading = readings[index] ?? { value: null, vintage: null };
      const value =
        reading.value === null
          ? missingText(reading)
          : roundedValue(metric, reading.value).toFixed(metric.decimals).replace('.', ',');
      lines.push(
        [zone.name, metric.label, value, metric.unit, sourceText(metric), reading.vintage ?? ''].map(quoted).join(';'),
      );
    });
  }
  return new TextEncoder().encode(`\ufeff${lines.join('\r\n')}\r\n`);
}
