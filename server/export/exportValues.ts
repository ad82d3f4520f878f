import {
  EXPORT_SOURCES,
  metricById,
  NOT_AVAILABLE,
  type MetricDefinition,
  type MetricReading,
} from '../../kernel/export/metricCatalogue';
import type { ExportDocument } from '../../kernel/export/exportDocument';

/** What a reading shows instead of a number. */
export function missingText(reading: MetricReading): string {
  if (reading.locked) return `réservé à l’offre ${reading.locked === 'pro' ? 'Pro' : 'Light'}`;
  return NOT_AVAILABLE;
}

/** The value rounded to the metric's decimals (the number the files hold). */
export function roundedValue(metric: MetricDefinition, value: number): number {
  const factor = 10 ** metric.decimals;
  return Math.round(value * factor) / factor;
}

const frenchNumber = new Map<number, Intl.NumberFormat>();
/** fr-FR with thousands separators (the PDF's text). */
export function formatFrench(metric: MetricDefinition, value: number): string {
  let format = frenchNumber.get(metric.decimals);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: metric.decimals,
      maximumFractionDigits: metric.decimals,
    });
    frenchNumber.set(metric.decimals, format);
  }
  return format.format(value).replace(/\u202f/g, '\u00a0');
}

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
/** A whole number in fr-FR, its thousands separated by a no-break space the embedded font has. */
export const frenchInteger = (value: number) => integer.format(value).replace(/\u202f/g, '\u00a0');

/** Counts of one or none take the singular in French: '1 vente', '0 établissement'. */
export function unitText(metric: MetricDefinition, value: number): string {
  return Math.abs(value) < 2 && COUNTED_UNITS.has(metric.unit) ? metric.unit.slice(0, -1) : metric.unit;
}
const COUNTED_UNITS = new Set([
  'habitants',
  'personnes',
  'ménages',
  'logements',
  'établissements',
  'services',
  'ventes',
  'demandeurs',
]);

/** The source's text of a metric: the dataset's label and producer. */
export const sourceText = (metric: MetricDefinition) =>
  `${EXPORT_SOURCES[metric.source].label} (${EXPORT_SOURCES[metric.source].producer})`;

/** The document's rows with their metric definitions. */
export function rowsOf(document: ExportDocument) {
  return document.rows.map((row) => ({ metric: metricById(row.metricId) as MetricDefinition, readings: row.readings }));
}
