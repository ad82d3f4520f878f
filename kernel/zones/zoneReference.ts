import { z } from 'zod';
import { TERRITORY_CODE_MESSAGES, isTerritoryCode, territoryLevelSchema } from '../territory/territoryCodes';
import { polygonInputSchema } from './polygonGeometry';

/** A saved zone of the caller, by its id (another owner's zone answers 404). */
export const savedZoneReferenceSchema = z
  .object({ kind: z.literal('saved'), id: z.string().trim().min(1).max(200) })
  .meta({ description: 'Zone enregistrée du demandeur, par son identifiant' });

/** A région, département, commune or IRIS by its code (a commune divided into arrondissements counts them). */
export const territoryZoneReferenceSchema = z
  .object({
    kind: z.literal('territory'),
    level: territoryLevelSchema,
    code: z
      .string()
      .trim()
      .transform((code) => code.toUpperCase()),
  })
  .superRefine((reference, context) => {
    if (!isTerritoryCode(reference.level, reference.code)) {
      context.addIssue({ code: 'custom', path: ['code'], message: TERRITORY_CODE_MESSAGES[reference.level] });
    }
  })
  .meta({ description: 'Unité du territoire : niveau (region, department, commune, iris) et code' });

/** A Polygon or MultiPolygon (or a Feature / FeatureCollection holding one). */
export const geometryZoneReferenceSchema = z
  .object({ kind: z.literal('geometry'), geometry: polygonInputSchema })
  .meta({ description: 'Géométrie envoyée : Polygon ou MultiPolygon GeoJSON' });

/**
 * Which zone an analysis is about, on the wire: `{kind: 'saved', id}` | `{kind: 'territory', level,
 * code}` | `{kind: 'geometry', geometry}`. Every analysis endpoint accepts it as its `zone` field.
 */
export const zoneReferenceSchema = z.discriminatedUnion(
  'kind',
  [savedZoneReferenceSchema, territoryZoneReferenceSchema, geometryZoneReferenceSchema],
  { error: 'référence de zone attendue : kind saved, territory ou geometry' },
);
export type ZoneReference = z.output<typeof zoneReferenceSchema>;
export type ZoneReferenceInput = z.input<typeof zoneReferenceSchema>;

/** Whether a body's `zone` value is meant as a zone reference (it has a `kind`), not an older zone shape. */
export function isZoneReference(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'kind' in value;
}
