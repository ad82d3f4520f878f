import { z } from 'zod';
import { METRIC_CATALOGUE } from './metricCatalogue';
import { choroplethShownSchema, mapViewSchema, SPECIAL_EXPORTS } from './specialExports';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf', 'geojson', 'fgb'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The panel's format choices, with the product's labels. */
export const EXPORT_FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  csv: 'CSV (pour Excel)',
  xlsx: 'Excel (.xlsx)',
  pdf: 'PDF (rapport)',
  geojson: 'GeoJSON (SIG)',
  fgb: 'FlatGeobuf (SIG)',
};

/** The formats that carry the zones' and their IRIS' geometries. */
export const GIS_FORMATS: ReadonlySet<ExportFormat> = new Set(['geojson', 'fgb']);

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  geojson: 'application/geo+json',
  fgb: 'application/flatgeobuf',
};

/** At most this many zones side by side in one export. */
export const MAX_EXPORT_ZONES = 10;

/** `POST /api/export`: saved zones of the user (their ids), metric ids of the catalogue, a format. */
export const exportRequestSchema = z.object({
  zone_ids: z
    .array(z.string().trim().min(1).max(120))
    .min(1, 'sélectionnez au moins une zone')
    .max(MAX_EXPORT_ZONES, `au plus ${MAX_EXPORT_ZONES} zones`),
  metric_ids: z
    .array(z.string().trim().min(1).max(120))
    .min(1, 'sélectionnez au moins une métrique')
    .max(
      METRIC_CATALOGUE.length + SPECIAL_EXPORTS.length,
      `au plus ${METRIC_CATALOGUE.length + SPECIAL_EXPORTS.length} métriques`,
    ),
  format: z.enum(EXPORT_FORMATS, { message: 'format attendu : csv, xlsx, pdf, geojson ou fgb' }),
  /** With 'special.map_view': the map as the browser displays it. */
  map_view: mapViewSchema.optional(),
  /** With 'special.choropleth': the choropleth shown, null when none is. */
  choropleth: choroplethShownSchema.nullable().optional(),
});
export type ExportRequest = z.output<typeof exportRequestSchema>;

/** The tree's suffix of an administrative zone's name: ' - Commune Française (75111)'. */
const TERRITORY_SUFFIX = /\s+-\s+[^-()]+\(\s*[0-9A-Za-z]+\s*\)$/;

/**
 * The names the files show: 'Paris 11e Arrondissement' for 'Paris 11e Arrondissement - Commune Française
 * (75111)' (the territory and its code are printed beside it); the full names if shortening makes two alike.
 */
export function shortZoneNames(names: readonly string[]): string[] {
  const short = names.map((name) => name.replace(TERRITORY_SUFFIX, '').trim() || name);
  return new Set(short).size === short.length ? short : [...names];
}

/** A clear file name: `zonalyse-etude-paris-11e-2026-11-25.pdf`. */
export function exportFileName(zoneNames: readonly string[], format: ExportFormat, date: Date): string {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40);
  const first = slug(zoneNames[0] ?? 'zone') || 'zone';
  const zones =
    zoneNames.length > 1 ? `${first}-et-${zoneNames.length - 1}-autre${zoneNames.length > 2 ? 's' : ''}` : first;
  const day = date.toISOString().slice(0, 10);
  return `zonalyse-${format === 'pdf' ? 'etude' : 'export'}-${zones}-${day}.${format}`;
}
