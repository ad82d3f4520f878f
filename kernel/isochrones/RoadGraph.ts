import { ROAD_MODES, type RoadMode } from './travelModes';

/** One edge as stored (`road_edges`): endpoints, length, per-mode speeds (km/h, null = closed) and one-ways. */
export interface RoadEdgeRecord {
  source: number;
  target: number;
  lengthMetres: number;
  drivingSpeedKmh: number | null;
  walkingSpeedKmh: number | null;
  cyclingSpeedKmh: number | null;
  /** Driving only along the geometry. */
  oneway: boolean;
  cyclingOneway: boolean;
  /** [lon, lat, lon, lat, …] from source to target. */
  coordinates: ArrayLike<number>;
}

/** The arcs one mode may use, in compressed sparse rows: the arcs of node n are offsets[n] … offsets[n+1]-1. */
export interface ModeGraph {
  offsets: Int32Array;
  arcTargets: Int32Array;
  /** Edge index × 2, + 1 when the arc runs against the edge's geometry. */
  arcEdges: Int32Array;
  arcSeconds: Float32Array;
  arcMetres: Float32Array;
  /** Size of the (undirected) connected component of each node in this mode; 0 = no arc. */
  componentSizes: Int32Array;
}

/** The road network in compact typed arrays, ready for bounded Dijkstra searches. */
export interface RoadGraph {
  nodeCount: number;
  nodeLongitudes: Float64Array;
  nodeLatitudes: Float64Array;
  edgeCount: number;
  /** Vertices of edge e: edgeVertices[2·edgeVertexOffsets[e]] … (lon, lat pairs). */
  edgeVertexOffsets: Uint32Array;
  edgeVertices: Float64Array;
  modes: Record<RoadMode, ModeGraph>;
}

const speedOf = (edge: RoadEdgeRecord, mode: RoadMode) =>
  mode === 'driving' ? edge.drivingSpeedKmh : mode === 'walking' ? edge.walkingSpeedKmh : edge.cyclingSpeedKmh;

function onewayOf(edge: RoadEdgeRecord, mode: RoadMode): boolean {
  if (mode === 'driving') return edge.oneway;
  if (mode === 'cycling') return edge.cyclingOneway;
  return false;
}

function componentSizes(nodeCount: number, offsets: Int32Array, targets: Int32Array): Int32Array {
  const parent = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node += 1) parent[node] = node;
  const find = (node: number): number => {
    let root = node;
    while (parent[root] !== root) root = parent[root] as number;
    let current = node;
    while (parent[current] !== root) {
      const next = parent[current] as number;
      parent[current] = root;
      current = next;
    }
    return root;
  };
  const hasArc = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node += 1) {
    for (let arc = offsets[node] as number; arc < (offsets[node + 1] as number); arc += 1) {
      const target = targets[arc] as number;
      hasArc[node] = 1;
      hasArc[target] = 1;
      const a = find(node);
      const b = find(target);
      if (a !== b) parent[a] = b;
    }
  }
  const counts = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node += 1)
    if (hasArc[node]) {
      const root = find(node);
      counts[root] = (counts[root] as number) + 1;
    }
  const sizes = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node += 1) if (hasArc[node]) sizes[node] = counts[find(node)] as number;
  return sizes;
}

function buildModeGraph(nodeCount: number, edges: readonly RoadEdgeRecord[], mode: RoadMode): ModeGraph {
  const degrees = new Int32Array(nodeCount + 1);
  for (const edge of edges) {
    if (!speedOf(edge, mode)) continue;
    degrees[edge.source] = (degrees[edge.source] as number) + 1;
    if (!onewayOf(edge, mode)) degrees[edge.target] = (degrees[edge.target] as number) + 1;
  }
  const offsets = new Int32Array(nodeCount + 1);
  for (let node = 0; node < nodeCount; node += 1)
    offsets[node + 1] = (offsets[node] as number) + (degrees[node] as number);
  const arcCount = offsets[nodeCount] as number;
  const arcTargets = new Int32Array(arcCount);
  const arcEdges = new Int32Array(arcCount);
  const arcSeconds = new Float32Array(arcCount);
  const arcMetres = new Float32Array(arcCount);
  const cursor = offsets.slice(0, nodeCount);
  edges.forEach((edge, index) => {
    const speed = speedOf(edge, mode);
    if (!speed) return;
    const seconds = (edge.lengthMetres * 3.6) / speed;
    const add = (from: number, to: number, reversed: number) => {
      const arc = cursor[from] as number;
      cursor[from] = arc + 1;
      arcTargets[arc] = to;
      arcEdges[arc] = index * 2 + reversed;
      arcSeconds[arc] = seconds;
      arcMetres[arc] = edge.lengthMetres;
    };
    add(edge.source, edge.target, 0);
    if (!onewayOf(edge, mode)) add(edge.target, edge.source, 1);
  });
  return {
    offsets,
    arcTargets,
    arcEdges,
    arcSeconds,
    arcMetres,
    componentSizes: componentSizes(nodeCount, offsets, arcTargets),
  };
}

/** Builds the graph of nodes (indexes 0…n-1 with their positions) and edges (node indexes). */
export function buildRoadGraph(
  nodePositions: { longitudes: Float64Array; latitudes: Float64Array },
  edges: readonly RoadEdgeRecord[],
): RoadGraph {
  const nodeCount = nodePositions.longitudes.length;
  const edgeVertexOffsets = new Uint32Array(edges.length + 1);
  edges.forEach((edge, index) => {
    edgeVertexOffsets[index + 1] = (edgeVertexOffsets[index] as number) + edge.coordinates.length / 2;
  });
  const edgeVertices = new Float64Array((edgeVertexOffsets[edges.length] as number) * 2);
  edges.forEach((edge, index) => edgeVertices.set(edge.coordinates, (edgeVertexOffsets[index] as number) * 2));
  const modes = Object.fromEntries(ROAD_MODES.map((mode) => [mode, buildModeGraph(nodeCount, edges, mode)])) as Record<
    RoadMode,
    ModeGraph
  >;
  return {
    nodeCount,
    nodeLongitudes: nodePositions.longitudes,
    nodeLatitudes: nodePositions.latitudes,
    edgeCount: edges.length,
    edgeVertexOffsets,
    edgeVertices,
    modes,
  };
}
