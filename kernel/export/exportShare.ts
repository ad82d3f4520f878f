import { z } from 'zod';
import type { ExportDocument } from './exportDocument';
import { exportRequestSchema } from './exportSchemas';
import { categoryLabel, EXPORT_SOURCES, metricById, NOT_AVAILABLE, type MetricDefinition } from './metricCatalogue';

/** A shareable link's token: 32 random bytes in base64url (256 bits), never stored as such. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The route of the app that shows a shared study, without an account. */
export const sharePath = (token: string) => `/partage/${token}`;

/** The expiry choices of the panel, in days (null: the link does not expire). */
export const SHARE_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_SHARE_EXPIRY_DAYS = 365;

/** Largest request body of `POST /api/export/shares` (zone and metric ids only): 32 KiB. */
export const MAX_SHARE_REQUEST_BYTES = 32 * 1024;
/** Largest frozen snapshot kept for one link (the figures of at most 10 zones × the catalogue). */
export const MAX_SHARE_SNAPSHOT_BYTES = 512 * 1024;

/** `POST /api/export/shares`: the export's zones and metrics, and when the link stops working. */
export const exportShareRequestSchema = exportRequestSchema
  .omit({ format: true, map_view: true, choropleth: true })
  .extend({
    expires_in_days: z
      .number()
      .int('nombre entier de jours attendu')
      .min(1, 'au moins 1 jour')
      .max(MAX_SHARE_EXPIRY_DAYS, `au plus ${MAX_SHARE_EXPIRY_DAYS} jours`)
      .nullable()
      .default(null),
  });
export type ExportShareRequest = z.output<typeof exportShareRequestSchema>;

export const shareTokenParametersSchema = z.object({
  token: z.string().regex(SHARE_TOKEN_PATTERN, 'jeton de partage mal formé'),
});

const readingSchema = z.object({
  value: z.number().nullable(),
  vintage: z.string().nullable(),
  locked: z.enum(['light', 'pro']).optional(),
});

/**
 * The frozen figures behind a link: each metric with its label, unit, category, source and licence as they
 * were when the link was created (a later catalogue does not change a shared study), one reading per zone.
 */
export const exportShareSnapshotSchema = z.object({
  frozen_at: z.string(),
  app_version: z.string(),
  zones: z.array(z.object({ name: z.string(), place: z.string() })),
  metrics: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      unit: z.string(),
      decimals: z.number().int(),
      category: z.string(),
      category_label: z.string(),
      sub_category: z.string(),
      source_label: z.string(),
      producer: z.string(),
      licence: z.string(),
      readings: z.array(readingSchema),
    }),
  ),
  datasets: z.array(
    z.object({ source: z.string(), label: z.string(), territory: z.string(), vintage: z.string(), demo: z.boolean() }),
  ),
});
export type ExportShareSnapshot = z.output<typeof exportShareSnapshotSchema>;

/** The answer to the link's creator: the token (shown once) and the app's path that opens it. */
export const exportShareCreatedSchema = z.object({
  token: z.string(),
  path: z.string(),
  expires_at: z.string().nullable(),
});
export type ExportShareCreated = z.output<typeof exportShareCreatedSchema>;

/** `GET /api/export/shares/{token}`: the frozen study, for anyone holding the link. */
export const exportShareAnswerSchema = z.object({
  snapshot: exportShareSnapshotSchema,
  created_at: z.string(),
  expires_at: z.string().nullable(),
});
export type ExportShareAnswer = z.output<typeof exportShareAnswerSchema>;

/** Freezes an export document's figures with everything needed to read them without the catalogue. */
export function freezeExportShare(document: ExportDocument): ExportShareSnapshot {
  return {
    frozen_at: document.generatedAt,
    app_version: document.appVersion,
    zones: document.zones.map((zone) => ({ name: zone.name, place: zone.place })),
    metrics: document.rows.map((row) => {
      const metric = metricById(row.metricId) as MetricDefinition;
      const source = EXPORT_SOURCES[metric.source];
      return {
        id: metric.id,
        label: metric.label,
        unit: metric.unit,
        decimals: metric.decimals,
        category: metric.category,
        category_label: categoryLabel(metric.category),
        sub_category: metric.subCategory,
        source_label: source.label,
        producer: source.producer,
        licence: source.licence,
        readings: row.readings.map((reading) => ({
          value: reading.value,
          vintage: reading.vintage,
          ...(reading.locked ? { locked: reading.locked } : {}),
        })),
      };
    }),
    datasets: document.datasets.map((dataset) => ({ ...dataset })),
  };
}

/** The snapshot's metrics grouped by category, in their order (the shared page's sections). */
export function snapshotSections(snapshot: ExportShareSnapshot) {
  const sections: { category: string; label: string; metrics: ExportShareSnapshot['metrics'] }[] = [];
  for (const metric of snapshot.metrics) {
    const last = sections.at(-1);
    if (last?.category === metric.category) last.metrics.push(metric);
    else sections.push({ category: metric.category, label: metric.category_label, metrics: [metric] });
  }
  return sections;
}

const shareNumberFormats = new Map<number, Intl.NumberFormat>();
/**
 * A frozen reading as the shared page prints it: the number in fr-FR with the metric's decimals, or why
 * there is none ('non disponible', 'réservé à l’offre Pro').
 */
export function shareReadingText(
  metric: Pick<ExportShareSnapshot['metrics'][number], 'decimals'>,
  reading: ExportShareSnapshot['metrics'][number]['readings'][number] | undefined,
): string {
  if (reading?.locked) return `réservé à l’offre ${reading.locked === 'pro' ? 'Pro' : 'Light'}`;
  if (!reading || reading.value === null) return NOT_AVAILABLE;
  let format = shareNumberFormats.get(metric.decimals);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: metric.decimals,
      maximumFractionDigits: metric.decimals,
    });
    shareNumberFormats.set(metric.decimals, format);
  }
  return format.format(reading.value);
}
