import { z } from 'zod';
import { countSelfCrossings, MAX_REPAIRED_CROSSINGS } from './selfCrossings';

/** The most positions a zone geometry may hold (all rings of all polygons together). */
export const MAX_POLYGON_POSITIONS = 250_000;

export type Position = [number, number] | [number, number, number];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Position[][];
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Position[][][];
}
/** A zone's geometry: a GeoJSON Polygon or MultiPolygon in longitude/latitude (EPSG:4326). */
export type ZonePolygon = PolygonGeometry | MultiPolygonGeometry;

type Path = (string | number)[];
interface Problem {
  path: Path;
  message: string;
}

const isEmptyArray = (value: unknown) => Array.isArray(value) && value.length === 0;

const formatCount = (count: number) => count.toLocaleString('fr-FR').replace(/\s/g, ' ');

/** The first problem of a position: two or three finite numbers, longitude and latitude in range. */
function positionProblem(position: unknown, path: Path): Problem | undefined {
  if (!Array.isArray(position) || position.length < 2 || position.length > 3) {
    return { path, message: 'position [longitude, latitude] attendue' };
  }
  if (!position.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    return { path, message: 'coordonnées numériques finies attendues' };
  }
  const [longitude, latitude] = position as number[];
  if ((longitude as number) < -180 || (longitude as number) > 180) {
    return { path, message: `longitude ${longitude} hors de [-180, 180]` };
  }
  if ((latitude as number) < -90 || (latitude as number) > 90) {
    return { path, message: `latitude ${latitude} hors de [-90, 90]` };
  }
  return undefined;
}

/** The first problem of a ring: at least 4 valid positions, the last one repeating the first. */
function ringProblem(ring: unknown, path: Path, budget: { left: number }): Problem | undefined {
  if (!Array.isArray(ring)) return { path, message: 'anneau (liste de positions) attendu' };
  if (ring.length < 4) return { path, message: `anneau de ${ring.length} positions (au moins 4)` };
  budget.left -= ring.length;
  if (budget.left < 0) return { path: [], message: `plus de ${formatCount(MAX_POLYGON_POSITIONS)} positions` };
  for (let index = 0; index < ring.length; index += 1) {
    const problem = positionProblem(ring[index], [...path, index]);
    if (problem) return problem;
  }
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    return { path, message: 'anneau non fermé (la dernière position doit répéter la première)' };
  }
  return undefined;
}

function polygonProblem(polygon: unknown, path: Path, budget: { left: number }): Problem | undefined {
  if (!Array.isArray(polygon) || polygon.length === 0) return { path, message: 'polygone sans anneau' };
  for (let index = 0; index < polygon.length; index += 1) {
    const problem = ringProblem(polygon[index], [...path, index], budget);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The first problem of a Polygon/MultiPolygon's coordinates, its path relative to the geometry
 * (`coordinates.0.3`), or undefined when they are valid. Walks the arrays once, without allocating
 * a schema per position (a zone may hold 250 000 of them).
 */
export function polygonGeometryProblem(geometry: { type: string; coordinates: unknown }): Problem | undefined {
  const budget = { left: MAX_POLYGON_POSITIONS };
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  if (!Array.isArray(polygons) || polygons.length === 0 || polygons.every(isEmptyArray)) {
    return { path: ['coordinates'], message: 'géométrie vide' };
  }
  // Rings that hold no position at all: the geometry is empty rather than one ring too short.
  if (polygons.every((polygon) => Array.isArray(polygon) && polygon.every(isEmptyArray))) {
    return { path: [], message: 'géométrie vide' };
  }
  if (geometry.type === 'Polygon') {
    const problem = polygonProblem(geometry.coordinates, ['coordinates'], budget);
    if (problem) return problem;
  } else {
    for (let index = 0; index < polygons.length; index += 1) {
      const problem = polygonProblem(polygons[index], ['coordinates', index], budget);
      if (problem) return problem;
    }
  }
  const crossings = countSelfCrossings(polygons as number[][][][]);
  if (crossings !== undefined && crossings > MAX_REPAIRED_CROSSINGS) {
    return {
      path: ['coordinates'],
      message: `le polygone se recoupe plus de ${formatCount(MAX_REPAIRED_CROSSINGS)} fois : redessinez-le sans tant de croisements`,
    };
  }
  return undefined;
}

const coordinatesDescription =
  'Anneaux fermés (la dernière position répète la première) d’au moins 4 positions [longitude, latitude] ; ' +
  `au plus ${formatCount(MAX_POLYGON_POSITIONS)} positions en tout ; un polygone qui se recoupe est réparé, ` +
  `jusqu’à ${formatCount(MAX_REPAIRED_CROSSINGS)} croisements.`;

/**
 * The one polygon schema of every endpoint that takes a geometry: a GeoJSON Polygon or
 * MultiPolygon, closed rings of at least 4 positions, finite longitudes in [-180, 180] and latitudes
 * in [-90, 90], at most 250 000 positions. A problem is a French message at its path
 * (`corps « geometry.coordinates.0 » : anneau non fermé …`).
 */
export const polygonGeometrySchema = z
  .object({
    type: z.enum(['Polygon', 'MultiPolygon'], { error: 'type attendu : Polygon ou MultiPolygon' }),
    coordinates: z.array(z.unknown(), { error: 'coordonnées attendues' }).meta({ description: coordinatesDescription }),
  })
  .superRefine((geometry, context) => {
    const problem = polygonGeometryProblem(geometry);
    if (problem) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  })
  .transform((geometry) => geometry as ZonePolygon)
  .meta({ description: 'Polygon ou MultiPolygon GeoJSON (longitude, latitude)' });

/** A Feature's geometry, or a FeatureCollection's first feature's; anything else unchanged. */
export function unwrapFeature(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const record = value as { type?: unknown; geometry?: unknown; features?: unknown };
  if (record.type === 'Feature') return record.geometry;
  if (record.type === 'FeatureCollection' && Array.isArray(record.features)) {
    return (record.features[0] as { geometry?: unknown } | undefined)?.geometry;
  }
  return value;
}

/** The polygon schema also accepting a Feature or a FeatureCollection (its first feature counts). */
export const polygonInputSchema = z.preprocess(unwrapFeature, polygonGeometrySchema);

/** Number of positions of a polygon geometry (for bounds and logs). */
export function positionCount(geometry: ZonePolygon): number {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.reduce((sum, polygon) => sum + polygon.reduce((inner, ring) => inner + ring.length, 0), 0);
}
