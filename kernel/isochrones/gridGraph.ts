import { buildRoadGraph, type RoadEdgeRecord, type RoadGraph } from './RoadGraph';

/**
 * An open street grid (for tests and the worker's examples): `size` × `size` junctions `spacing`
 * metres apart around a centre, every street two-way for every mode at the given speeds.
 */
export function gridGraph(options: {
  centre: [number, number];
  size: number;
  spacingMetres: number;
  speedsKmh?: { driving: number; walking: number; cycling: number };
}): RoadGraph {
  const { centre, size, spacingMetres } = options;
  const speeds = options.speedsKmh ?? { driving: 30, walking: 5, cycling: 15 };
  const degreesLatitude = spacingMetres / 110_574;
  const degreesLongitude = spacingMetres / (111_320 * Math.cos((centre[1] * Math.PI) / 180));
  const half = (size - 1) / 2;
  const longitudes = new Float64Array(size * size);
  const latitudes = new Float64Array(size * size);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      longitudes[row * size + column] = centre[0] + (column - half) * degreesLongitude;
      latitudes[row * size + column] = centre[1] + (row - half) * degreesLatitude;
    }
  }
  const edges: RoadEdgeRecord[] = [];
  const link = (a: number, b: number) =>
    edges.push({
      source: a,
      target: b,
      lengthMetres: spacingMetres,
      drivingSpeedKmh: speeds.driving,
      walkingSpeedKmh: speeds.walking,
      cyclingSpeedKmh: speeds.cycling,
      oneway: false,
      cyclingOneway: false,
      coordinates: [longitudes[a] as number, latitudes[a] as number, longitudes[b] as number, latitudes[b] as number],
    });
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const node = row * size + column;
      if (column + 1 < size) link(node, node + 1);
      if (row + 1 < size) link(node, node + size);
    }
  }
  return buildRoadGraph({ longitudes, latitudes }, edges);
}
