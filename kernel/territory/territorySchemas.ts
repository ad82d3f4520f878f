import { z } from 'zod';

/** Region: code, name (+ whether it is an overseas région, grouped under DOM-TOM). */
export const regionSchema = z.object({ code: z.string(), name: z.string(), overseas: z.boolean() });
/** Department: code, name, region. */
export const departmentSchema = z.object({ code: z.string(), name: z.string(), region: z.string() });
/** Commune: code, name, department, region (Paris: its arrondissements). */
export const communeSchema = z.object({
  code: z.string(),
  name: z.string(),
  department: z.string(),
  region: z.string().nullable(),
});
/** IRIS: iris_code, iris_name, commune_name (+ commune_code, iris_type). */
export const irisEntrySchema = z.object({
  iris_code: z.string(),
  iris_name: z.string(),
  commune_name: z.string().nullable(),
  commune_code: z.string(),
  iris_type: z.string().nullable(),
});

export const regionListSchema = z.array(regionSchema);
export const departmentListSchema = z.array(departmentSchema);
export const communeListSchema = z.array(communeSchema);
export const irisListSchema = z.array(irisEntrySchema);

export type Region = z.infer<typeof regionSchema>;
export type Department = z.infer<typeof departmentSchema>;
export type Commune = z.infer<typeof communeSchema>;
export type IrisEntry = z.infer<typeof irisEntrySchema>;

const positionSchema = z.array(z.number()).min(2);
const polygonCoordinates = z.array(z.array(positionSchema).min(4)).min(1);

/** A Polygon or MultiPolygon GeoJSON geometry. */
export const polygonalGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonCoordinates).min(1) }),
]);

/** A boundary answer, one Feature with a Polygon or MultiPolygon and its properties. */
export const boundaryFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: polygonalGeometrySchema,
  properties: z.record(z.string(), z.unknown()),
});
export type BoundaryFeature = z.infer<typeof boundaryFeatureSchema>;

/** The overseas régions (Guadeloupe, Martinique, Guyane, La Réunion, Mayotte), grouped last. */
export const OVERSEAS_REGION_CODES: readonly string[] = ['01', '02', '03', '04', '06'];

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** French-locale order on names ("Paris 2e" before "Paris 10e", accents ignored). */
export function compareFrench(left: string, right: string): number {
  return collator.compare(left, right);
}

/** Metropolitan régions by French-locale name, then the overseas ones (also by name). */
export function sortRegions<T extends { code: string; name: string }>(regions: readonly T[]): T[] {
  const overseas = (region: T) => (OVERSEAS_REGION_CODES.includes(region.code) ? 1 : 0);
  return [...regions].sort((left, right) => overseas(left) - overseas(right) || compareFrench(left.name, right.name));
}
