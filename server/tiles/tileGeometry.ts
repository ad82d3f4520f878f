import type { Geometry, Position } from 'geojson';
import { FEATURE_TYPE, type EncodableFeature } from './encodeVectorTile';
import type { TileGeometryType } from './TileLayer';

type Point = readonly [number, number];

/** Twice the signed area of a ring in tile coordinates (positive = clockwise on screen, y down). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const a = ring[previous] as Point;
    const b = ring[index] as Point;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

function toPoints(positions: readonly Position[]): Point[] {
  const points: Point[] = [];
  for (const position of positions) {
    const point: Point = [Math.round(position[0] ?? 0), Math.round(position[1] ?? 0)];
    const last = points[points.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
  }
  return points;
}

/** A closed ring with the wanted orientation, or undefined when it collapsed to nothing. */
function orientedRing(positions: readonly Position[], exterior: boolean): Point[] | undefined {
  const points = toPoints(positions);
  const first = points[0];
  const last = points[points.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) points.push(first);
  if (points.length < 4) return undefined;
  const area = ringArea(points);
  if (area === 0) return undefined;
  if (area > 0 !== exterior) points.reverse();
  return points;
}

function polygonParts(geometry: Geometry): Position[][][] {
  switch (geometry.type) {
    case 'Polygon':
      return [geometry.coordinates];
    case 'MultiPolygon':
      return geometry.coordinates;
    case 'GeometryCollection':
      return geometry.geometries.flatMap(polygonParts);
    default:
      return [];
  }
}

function lineParts(geometry: Geometry): Position[][] {
  switch (geometry.type) {
    case 'LineString':
      return [geometry.coordinates];
    case 'MultiLineString':
      return geometry.coordinates;
    case 'GeometryCollection':
      return geometry.geometries.flatMap(lineParts);
    default:
      return [];
  }
}

function pointParts(geometry: Geometry): Position[] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'MultiPoint':
      return geometry.coordinates;
    case 'GeometryCollection':
      return geometry.geometries.flatMap(pointParts);
    default:
      return [];
  }
}

/**
 * Turns a geometry already projected to integer tile coordinates (y down) into MVT parts: rings
 * closed and wound as the MVT spec wants (exterior clockwise on screen, holes anticlockwise),
 * repeated points and collapsed rings or lines removed. Returns undefined when nothing is left.
 */
export function toTileFeatureGeometry(
  geometry: Geometry,
  type: TileGeometryType,
): Pick<EncodableFeature, 'type' | 'geometry'> | undefined {
  if (type === 'polygon') {
    const rings: Point[][] = [];
    for (const polygon of polygonParts(geometry)) {
      const [outer, ...holes] = polygon;
      const exterior = outer ? orientedRing(outer, true) : undefined;
      if (!exterior) continue;
      rings.push(exterior);
      for (const hole of holes) {
        const interior = orientedRing(hole, false);
        if (interior) rings.push(interior);
      }
    }
    return rings.length > 0 ? { type: FEATURE_TYPE.polygon, geometry: rings } : undefined;
  }
  if (type === 'line') {
    const lines = lineParts(geometry)
      .map(toPoints)
      .filter((line) => line.length >= 2);
    return lines.length > 0 ? { type: FEATURE_TYPE.line, geometry: lines } : undefined;
  }
  const points = toPoints(pointParts(geometry));
  return points.length > 0 ? { type: FEATURE_TYPE.point, geometry: [points] } : undefined;
}
