import type { Queryable } from '../../../db/Database';
import { CopyBuffer } from '../../pipeline/copy/CopyBuffer';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import type { SplitEdge } from './splitAtJunctions';

/** The per-edge attributes written beside the geometry. */
export interface RoadAttributes {
  highway: string | null;
  name: string | null;
  oneway: 0 | 1;
  cyclingOneway: 0 | 1;
  drivingSpeedKmh: number | null;
  walkingSpeedKmh: number | null;
  cyclingSpeedKmh: number | null;
}

const NODE_COLUMNS = ['id', 'network', 'geometry'];
const EDGE_COLUMNS = [
  'id',
  'source_node',
  'target_node',
  'length_m',
  'highway',
  'name',
  'oneway',
  'cycling_oneway',
  'driving_speed_kmh',
  'walking_speed_kmh',
  'cycling_speed_kmh',
  'geometry',
  'network',
];

/** Indexes of the road tables, dropped before a load and rebuilt after it. */
export const ROAD_INDEXES = {
  road_edges_geometry_index: 'CREATE INDEX road_edges_geometry_index ON road_edges USING gist (geometry)',
};

/** Deletes one network's nodes and edges. */
export async function clearRoadNetwork(transaction: Queryable, network: string): Promise<void> {
  await transaction.query('DELETE FROM road_edges WHERE network = $1', [network]);
  await transaction.query('DELETE FROM road_nodes WHERE network = $1', [network]);
}

const point = ([longitude, latitude]: readonly [number, number]) => `SRID=4326;POINT(${longitude} ${latitude})`;
const lineString = (coordinates: readonly (readonly [number, number])[]) =>
  `SRID=4326;LINESTRING(${coordinates.map(([longitude, latitude]) => `${longitude} ${latitude}`).join(',')})`;

/**
 * Writes a split network with `COPY`: nodes get `nodeId(key)`, edges `edgeId(edge, index)`.
 * Returns the number of edges.
 */
export async function writeRoadNetwork<Attributes extends RoadAttributes>(
  transaction: Queryable,
  network: string,
  split: { edges: SplitEdge<Attributes>[]; nodes: Map<number | string, [number, number]> },
  ids: { node(key: number | string): number; edge(edge: SplitEdge<Attributes>, index: number): number },
  progress: ImportProgress,
): Promise<number> {
  const nodes = new CopyBuffer(transaction, 'road_nodes', NODE_COLUMNS);
  for (const [key, position] of split.nodes) await nodes.add([ids.node(key), network, point(position)]);
  await nodes.flush();
  const edges = new CopyBuffer(transaction, 'road_edges', EDGE_COLUMNS);
  for (const [index, edge] of split.edges.entries()) {
    const { attributes } = edge;
    await edges.add([
      ids.edge(edge, index),
      ids.node(edge.sourceKey),
      ids.node(edge.targetKey),
      Math.round(edge.lengthMetres * 100) / 100,
      attributes.highway,
      attributes.name,
      attributes.oneway,
      attributes.cyclingOneway,
      attributes.drivingSpeedKmh,
      attributes.walkingSpeedKmh,
      attributes.cyclingSpeedKmh,
      lineString(edge.coordinates),
      network,
    ]);
    if (index % 5_000 === 0) progress.update(index, index / split.edges.length);
  }
  await edges.flush();
  progress.update(edges.rowCount, 1);
  return edges.rowCount;
}
