import { boundedDijkstra } from '../isochrones/boundedDijkstra';
import type { IsochroneEngine } from '../isochrones/IsochroneEngine';
import { extractReachedNetwork, type ReachedNetwork } from '../isochrones/ReachedNetwork';
import type { RoadGraph } from '../isochrones/RoadGraph';
import { OFF_NETWORK_SECONDS_PER_METRE, type RoadMode } from '../isochrones/travelModes';

/** A point attached to its nearest usable street node of a mode (the gap walked at 5 km/h). */
export interface SnappedPoint {
  node: number;
  metres: number;
}

/** One bounded search on the street graph: the cost (seconds) of every node reached from the start. */
export interface NetworkSearch {
  start: SnappedPoint;
  costs: Float64Array;
  limitSeconds: number;
}

/** One bounded Dijkstra by travel time from a point; undefined when the point is off the network. */
export function searchFrom(
  engine: IsochroneEngine,
  mode: RoadMode,
  origin: readonly [number, number],
  limitSeconds: number,
): NetworkSearch | undefined {
  const start = engine.snap(mode, origin[0], origin[1]);
  return start ? searchFromNode(engine.graph, mode, start, limitSeconds) : undefined;
}

/** The same search from a point already attached to the network. */
export function searchFromNode(
  graph: RoadGraph,
  mode: RoadMode,
  start: SnappedPoint,
  limitSeconds: number,
): NetworkSearch {
  const { costs } = boundedDijkstra(
    graph.modes[mode],
    graph.nodeCount,
    [{ node: start.node, cost: start.metres * OFF_NETWORK_SECONDS_PER_METRE }],
    'time',
    limitSeconds,
  );
  return { start, costs, limitSeconds };
}

/**
 * One bounded Dijkstra by travel time from a point giving both the times to attached points and the
 * reached network the isochrone contours are drawn from (the engine's `reach` would search again).
 */
export function searchWithReach(
  engine: IsochroneEngine,
  mode: RoadMode,
  origin: readonly [number, number],
  limitSeconds: number,
): { search: NetworkSearch; reach: ReachedNetwork } | undefined {
  const start = engine.snap(mode, origin[0], origin[1]);
  if (!start) return undefined;
  const modeGraph = engine.graph.modes[mode];
  const connector = { node: start.node, cost: start.metres * OFF_NETWORK_SECONDS_PER_METRE };
  const result = boundedDijkstra(modeGraph, engine.graph.nodeCount, [connector], 'time', limitSeconds);
  const reach = extractReachedNetwork(engine.graph, modeGraph, result, {
    origin: [origin[0], origin[1]],
    metric: 'time',
    limit: limitSeconds,
    offNetworkCostPerMetre: OFF_NETWORK_SECONDS_PER_METRE,
    connector,
  });
  return { search: { start, costs: result.costs, limitSeconds }, reach };
}

/** Seconds from the search's start to an attached point (its node's cost plus its own gap), Infinity beyond the limit. */
export function secondsTo(search: NetworkSearch, point: SnappedPoint): number {
  const seconds = (search.costs[point.node] as number) + point.metres * OFF_NETWORK_SECONDS_PER_METRE;
  return seconds <= search.limitSeconds ? seconds : Infinity;
}

const fastest = new WeakMap<RoadGraph, Map<RoadMode, number>>();

/** The fastest speed of a mode's arcs on the graph (metres per second): bounds straight-line pre-filters. */
export function fastestMetresPerSecond(graph: RoadGraph, mode: RoadMode): number {
  let speeds = fastest.get(graph);
  if (!speeds) {
    speeds = new Map();
    fastest.set(graph, speeds);
  }
  let speed = speeds.get(mode);
  if (speed === undefined) {
    const { arcMetres, arcSeconds } = graph.modes[mode];
    speed = 1 / OFF_NETWORK_SECONDS_PER_METRE;
    for (let arc = 0; arc < arcMetres.length; arc += 1) {
      const seconds = arcSeconds[arc] as number;
      if (seconds > 0) speed = Math.max(speed, (arcMetres[arc] as number) / seconds);
    }
    speeds.set(mode, speed);
  }
  return speed;
}
