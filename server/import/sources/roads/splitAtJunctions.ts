/** A polyline of the source: its vertices as keys (OSM node ids, rounded coordinates…) and positions. */
export interface SourceLine<Attributes> {
  keys: readonly (number | string)[];
  /** [longitude, latitude] of each vertex. */
  coordinates: readonly (readonly [number, number])[];
  attributes: Attributes;
}

/** One edge of the graph: a piece of a source line between two junctions (or dead ends). */
export interface SplitEdge<Attributes> {
  sourceKey: number | string;
  targetKey: number | string;
  coordinates: [number, number][];
  lengthMetres: number;
  /** Position of the piece in its line (0, 1, …). */
  piece: number;
  attributes: Attributes;
}

const EARTH_RADIUS_METRES = 6_371_008.8;

/** Great-circle distance in metres between two [longitude, latitude] points. */
export function haversineMetres(a: readonly [number, number], b: readonly [number, number]): number {
  const toRadians = Math.PI / 180;
  const latitudeA = a[1] * toRadians;
  const latitudeB = b[1] * toRadians;
  const sinLatitude = Math.sin((latitudeB - latitudeA) / 2);
  const sinLongitude = Math.sin(((b[0] - a[0]) * toRadians) / 2);
  const h = sinLatitude * sinLatitude + Math.cos(latitudeA) * Math.cos(latitudeB) * sinLongitude * sinLongitude;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Splits polylines into graph edges at every vertex shared by two lines (or met twice by one line)
 * and at line ends, so that streets crossing at a common vertex become connected. Consecutive
 * duplicate vertices are dropped; pieces of zero length are skipped.
 */
export function splitAtJunctions<Attributes>(lines: readonly SourceLine<Attributes>[]): {
  edges: SplitEdge<Attributes>[];
  nodes: Map<number | string, [number, number]>;
} {
  const uses = new Map<number | string, number>();
  for (const line of lines) {
    for (const key of line.keys) uses.set(key, (uses.get(key) ?? 0) + 1);
  }
  const nodes = new Map<number | string, [number, number]>();
  const edges: SplitEdge<Attributes>[] = [];
  for (const line of lines) {
    if (line.keys.length < 2) continue;
    let startIndex = 0;
    let coordinates: [number, number][] = [[...(line.coordinates[0] as [number, number])]];
    let length = 0;
    let piece = 0;
    for (let index = 1; index < line.keys.length; index += 1) {
      const position = line.coordinates[index] as [number, number];
      if (line.keys[index] !== line.keys[index - 1]) {
        length += haversineMetres(coordinates[coordinates.length - 1] as [number, number], position);
        coordinates.push([position[0], position[1]]);
      }
      const isEnd = index === line.keys.length - 1;
      if (!isEnd && (uses.get(line.keys[index] as number | string) ?? 0) < 2) continue;
      if (coordinates.length >= 2 && length > 0) {
        const sourceKey = line.keys[startIndex] as number | string;
        const targetKey = line.keys[index] as number | string;
        nodes.set(sourceKey, coordinates[0] as [number, number]);
        nodes.set(targetKey, coordinates[coordinates.length - 1] as [number, number]);
        edges.push({ sourceKey, targetKey, coordinates, lengthMetres: length, piece, attributes: line.attributes });
        piece += 1;
      }
      startIndex = index;
      coordinates = [[position[0], position[1]]];
      length = 0;
    }
  }
  return { edges, nodes };
}
