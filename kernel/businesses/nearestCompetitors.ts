import { boundedDijkstra } from '../isochrones/boundedDijkstra';
import type { IsochroneEngine } from '../isochrones/IsochroneEngine';
import { OFF_NETWORK_SECONDS_PER_METRE } from '../isochrones/travelModes';

/** Nobody walks faster than this on the street graph (its walking arcs are 5 km/h, steps slower): metres per second. */
export const FASTEST_WALK_METRES_PER_SECOND = 5 / 3.6;

/** Great-circle metres between a [longitude, latitude] and a candidate. */
function metresBetween(origin: readonly [number, number], candidate: CompetitorCandidate): number {
  const toRadians = Math.PI / 180;
  const sinLatitude = Math.sin(((candidate.latitude - origin[1]) * toRadians) / 2);
  const sinLongitude = Math.sin(((candidate.longitude - origin[0]) * toRadians) / 2);
  const h =
    sinLatitude * sinLatitude +
    Math.cos(origin[1] * toRadians) * Math.cos(candidate.latitude * toRadians) * sinLongitude * sinLongitude;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** An establishment that may be reached: its identity and its point. */
export interface CompetitorCandidate {
  id: string;
  longitude: number;
  latitude: number;
}

/** A candidate reached within the limit, with its walking time from the origin. */
export interface WalkingTime {
  id: string;
  seconds: number;
}

/** The walking times from an origin, or `undefined` when the origin is farther than the snap limit from any street. */
export interface WalkingTimes {
  /** Metres from the origin to the street node it was attached to. */
  snapMetres: number;
  /** Reached candidates, nearest first (ties by id). */
  reached: WalkingTime[];
}

/**
 * Walking time from an origin to each candidate on the street graph: the origin and each candidate are
 * attached to their nearest walkable node (the gap walked off-network at 5 km/h), then one bounded Dijkstra
 * from the origin's node settles every node within `limitSeconds`. A candidate's time is its node's cost
 * plus its own off-network walk (a candidate attached to the origin's own node is walked to directly);
 * candidates beyond the limit, or off the network, are left out.
 */
export function walkingTimes(
  engine: IsochroneEngine,
  origin: readonly [number, number],
  candidates: readonly CompetitorCandidate[],
  limitSeconds: number,
): WalkingTimes | undefined {
  const start = engine.snap('walking', origin[0], origin[1]);
  if (!start) return undefined;
  const startCost = start.metres * OFF_NETWORK_SECONDS_PER_METRE;
  const { graph } = engine;
  const { costs } = boundedDijkstra(
    graph.modes.walking,
    graph.nodeCount,
    [{ node: start.node, cost: startCost }],
    'time',
    limitSeconds,
  );
  const reached: WalkingTime[] = [];
  for (const candidate of candidates) {
    const snapped = engine.snap('walking', candidate.longitude, candidate.latitude);
    if (!snapped) continue;
    const viaNetwork = (costs[snapped.node] as number) + snapped.metres * OFF_NETWORK_SECONDS_PER_METRE;
    // Attached to the same street node as the origin: on the same stretch of street, walked directly
    // (going to the node and back would count the gap twice).
    const seconds =
      snapped.node === start.node
        ? Math.min(viaNetwork, metresBetween(origin, candidate) * OFF_NETWORK_SECONDS_PER_METRE)
        : viaNetwork;
    if (seconds <= limitSeconds) reached.push({ id: candidate.id, seconds });
  }
  reached.sort((a, b) => a.seconds - b.seconds || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { snapMetres: start.metres, reached };
}
