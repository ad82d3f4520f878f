import type { DijkstraResult } from './boundedDijkstra';
import { localProjection, projectX, projectY } from './localProjection';
import type { ModeGraph, RoadGraph } from './RoadGraph';
import type { ReachMetric } from './travelModes';

/**
 * The part of the network reached within a limit, compact and self-contained (typed arrays in local
 * metres), so that a worker can re-contour it for any smaller limit without the whole graph: one
 * record per arc leaving a reached node — its start cost, its full cost and its polyline.
 */
export interface ReachedNetwork {
  /** Projection origin [longitude, latitude] (the start). */
  origin: [number, number];
  metric: ReachMetric;
  /** The limit it was computed for (seconds or metres): contours up to it are exact. */
  limit: number;
  /** Seconds (time) or metres (distance) per metre off the network. */
  offNetworkCostPerMetre: number;
  /** Cost at the start point itself (0). */
  arcStartCosts: Float32Array;
  arcCosts: Float32Array;
  /** Vertices of arc a: vertices[2·vertexOffsets[a]] … ; length arcs + 1. */
  vertexOffsets: Uint32Array;
  /** x, y in metres from the origin. */
  vertices: Float32Array;
}

/** Extracts the reached arcs of a search, plus the connector from the start point to its node. */
export function extractReachedNetwork(
  graph: RoadGraph,
  modeGraph: ModeGraph,
  search: DijkstraResult,
  options: {
    origin: [number, number];
    metric: ReachMetric;
    limit: number;
    offNetworkCostPerMetre: number;
    /** The start's connector to the network: its node and the cost of reaching it. */
    connector?: { node: number; cost: number };
  },
): ReachedNetwork {
  const projection = localProjection(options.origin);
  const weights = options.metric === 'time' ? modeGraph.arcSeconds : modeGraph.arcMetres;
  let arcCount = options.connector ? 1 : 0;
  let vertexCount = options.connector ? 2 : 0;
  for (const node of search.settled) {
    for (let arc = modeGraph.offsets[node] as number; arc < (modeGraph.offsets[node + 1] as number); arc += 1) {
      const edge = (modeGraph.arcEdges[arc] as number) >> 1;
      arcCount += 1;
      vertexCount += (graph.edgeVertexOffsets[edge + 1] as number) - (graph.edgeVertexOffsets[edge] as number);
    }
  }
  const arcStartCosts = new Float32Array(arcCount);
  const arcCosts = new Float32Array(arcCount);
  const vertexOffsets = new Uint32Array(arcCount + 1);
  const vertices = new Float32Array(vertexCount * 2);
  let arcIndex = 0;
  let vertexIndex = 0;
  if (options.connector) {
    const { node, cost } = options.connector;
    arcStartCosts[0] = 0;
    arcCosts[0] = cost;
    vertices.set(
      [
        0,
        0,
        projectX(projection, graph.nodeLongitudes[node] as number),
        projectY(projection, graph.nodeLatitudes[node] as number),
      ],
      0,
    );
    vertexIndex = 2;
    arcIndex = 1;
    vertexOffsets[1] = 2;
  }
  for (const node of search.settled) {
    const start = search.costs[node] as number;
    for (let arc = modeGraph.offsets[node] as number; arc < (modeGraph.offsets[node + 1] as number); arc += 1) {
      const code = modeGraph.arcEdges[arc] as number;
      const edge = code >> 1;
      const first = graph.edgeVertexOffsets[edge] as number;
      const last = (graph.edgeVertexOffsets[edge + 1] as number) - 1;
      const reversed = (code & 1) === 1;
      for (let step = 0; step <= last - first; step += 1) {
        const vertex = reversed ? last - step : first + step;
        vertices[vertexIndex * 2] = projectX(projection, graph.edgeVertices[vertex * 2] as number);
        vertices[vertexIndex * 2 + 1] = projectY(projection, graph.edgeVertices[vertex * 2 + 1] as number);
        vertexIndex += 1;
      }
      arcStartCosts[arcIndex] = start;
      arcCosts[arcIndex] = weights[arc] as number;
      arcIndex += 1;
      vertexOffsets[arcIndex] = vertexIndex;
    }
  }
  return {
    origin: options.origin,
    metric: options.metric,
    limit: options.limit,
    offNetworkCostPerMetre: options.offNetworkCostPerMetre,
    arcStartCosts,
    arcCosts,
    vertexOffsets,
    vertices,
  };
}
