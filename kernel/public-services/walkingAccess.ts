import { boundedDijkstra } from '../isochrones/boundedDijkstra';
import type { IsochroneEngine } from '../isochrones/IsochroneEngine';
import { OFF_NETWORK_SECONDS_PER_METRE } from '../isochrones/travelModes';

/** A place where residents live, and how many of them it stands for. */
export interface Residence {
  longitude: number;
  latitude: number;
  weight: number;
}

/** Residences attached to the walking network: node index (−1 when off the network) and walking seconds to it. */
export interface SnappedResidences {
  nodes: Int32Array;
  connectorSeconds: Float64Array;
  weights: Float64Array;
}

/**
 * Walking seconds from every node of the network to the nearest of the services, up to `limitSeconds`
 * (Infinity beyond): one bounded Dijkstra started from all the services at once (each attached to its
 * nearest walkable node, the gap walked off-network at 5 km/h), so one search per category serves every
 * residence of every zone.
 */
export function nearestServiceSeconds(
  engine: IsochroneEngine,
  services: readonly (readonly [number, number])[],
  limitSeconds: number,
): Float64Array {
  const starts: { node: number; cost: number }[] = [];
  for (const [longitude, latitude] of services) {
    const snapped = engine.snap('walking', longitude, latitude);
    if (snapped) starts.push({ node: snapped.node, cost: snapped.metres * OFF_NETWORK_SECONDS_PER_METRE });
  }
  const { graph } = engine;
  if (starts.length === 0) return new Float64Array(graph.nodeCount).fill(Infinity);
  return boundedDijkstra(graph.modes.walking, graph.nodeCount, starts, 'time', limitSeconds).costs;
}

/** Attaches each residence to its nearest walkable node (once per request, shared by every category). */
export function snapResidences(
  engine: Pick<IsochroneEngine, 'snap'>,
  residences: readonly Residence[],
): SnappedResidences {
  const nodes = new Int32Array(residences.length).fill(-1);
  const connectorSeconds = new Float64Array(residences.length).fill(Infinity);
  const weights = new Float64Array(residences.length);
  residences.forEach((residence, index) => {
    weights[index] = residence.weight;
    const snapped = engine.snap('walking', residence.longitude, residence.latitude);
    if (!snapped) return;
    nodes[index] = snapped.node;
    connectorSeconds[index] = snapped.metres * OFF_NETWORK_SECONDS_PER_METRE;
  });
  return { nodes, connectorSeconds, weights };
}

/**
 * Share (0–1) of the residents within each threshold (seconds) of the nearest service: a residence's
 * time is its walk to the network plus the network time of its node. Residences off the network count
 * as not served. An empty population gives 0.
 */
export function servedShares(
  residences: SnappedResidences,
  nodeSeconds: Float64Array,
  thresholdsSeconds: readonly number[],
): number[] {
  const served = thresholdsSeconds.map(() => 0);
  let total = 0;
  for (let index = 0; index < residences.nodes.length; index += 1) {
    const weight = residences.weights[index] as number;
    total += weight;
    const node = residences.nodes[index] as number;
    if (node < 0) continue;
    const seconds = (residences.connectorSeconds[index] as number) + (nodeSeconds[node] as number);
    thresholdsSeconds.forEach((threshold, position) => {
      if (seconds <= threshold) served[position] = (served[position] as number) + weight;
    });
  }
  return served.map((value) => (total > 0 ? value / total : 0));
}
