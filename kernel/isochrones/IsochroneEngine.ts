import KDBush from 'kdbush';
import { boundedDijkstra } from './boundedDijkstra';
import { contourReachedNetwork, type ContourOptions } from './contourReachedNetwork';
import { extractReachedNetwork, type ReachedNetwork } from './ReachedNetwork';
import type { RoadGraph } from './RoadGraph';
import { MAXIMUM_SNAP_METRES, OFF_NETWORK_SECONDS_PER_METRE, type ReachMetric, type RoadMode } from './travelModes';
import type { MultiPolygon, Polygon } from 'geojson';

/** The start is farther than {@link MAXIMUM_SNAP_METRES} from any usable node of the mode. */
export class OffNetworkError extends Error {
  override name = 'OffNetworkError';
  constructor() {
    super('Adresse hors du réseau routier importé');
  }
}

export interface ReachRequest {
  /** [longitude, latitude] */
  origin: [number, number];
  mode: RoadMode;
  metric: ReachMetric;
  /** Seconds (time) or metres (distance). */
  limit: number;
}

export interface Isochrone {
  geometry: Polygon | MultiPolygon;
  reach: ReachedNetwork;
  /** Distance from the start to the node it was attached to. */
  snapMetres: number;
  reachedNodes: number;
}

/** Nodes of smaller components (islands of a few vertices) are never chosen as a start. */
const MINIMUM_COMPONENT = 50;
const EARTH_RADIUS_METRES = 6_371_008.8;

function haversine(longitudeA: number, latitudeA: number, longitudeB: number, latitudeB: number): number {
  const toRadians = Math.PI / 180;
  const sinLatitude = Math.sin(((latitudeB - latitudeA) * toRadians) / 2);
  const sinLongitude = Math.sin(((longitudeB - longitudeA) * toRadians) / 2);
  const h =
    sinLatitude * sinLatitude +
    Math.cos(latitudeA * toRadians) * Math.cos(latitudeB * toRadians) * sinLongitude * sinLongitude;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Isochrones on an in-memory road graph: attach the start to the nearest usable node, bounded
 * Dijkstra by time or distance for the mode, then contour the reached streets.
 */
export class IsochroneEngine {
  private readonly indexes = new Map<RoadMode, { index: KDBush; nodes: Int32Array } | null>();
  /** Metres per degree of longitude for the spatial index (graph's mean latitude). */
  private readonly longitudeScale: number;

  constructor(readonly graph: RoadGraph) {
    let latitudeSum = 0;
    for (let node = 0; node < graph.nodeCount; node += 1) latitudeSum += graph.nodeLatitudes[node] as number;
    const meanLatitude = graph.nodeCount > 0 ? latitudeSum / graph.nodeCount : 46;
    this.longitudeScale = 111_320 * Math.cos((meanLatitude * Math.PI) / 180);
  }

  private indexFor(mode: RoadMode) {
    if (!this.indexes.has(mode)) {
      const sizes = this.graph.modes[mode].componentSizes;
      let largest = 0;
      for (const size of sizes) if (size > largest) largest = size;
      const minimum = Math.min(MINIMUM_COMPONENT, largest);
      const nodes: number[] = [];
      for (let node = 0; node < this.graph.nodeCount; node += 1) {
        if ((sizes[node] as number) >= minimum && minimum > 0) nodes.push(node);
      }
      if (nodes.length === 0) this.indexes.set(mode, null);
      else {
        const index = new KDBush(nodes.length);
        for (const node of nodes) {
          index.add(
            (this.graph.nodeLongitudes[node] as number) * this.longitudeScale,
            (this.graph.nodeLatitudes[node] as number) * 110_574,
          );
        }
        index.finish();
        this.indexes.set(mode, { index, nodes: Int32Array.from(nodes) });
      }
    }
    return this.indexes.get(mode) ?? null;
  }

  /** The nearest usable node of the mode within {@link MAXIMUM_SNAP_METRES}, or `undefined`. */
  snap(mode: RoadMode, longitude: number, latitude: number): { node: number; metres: number } | undefined {
    const entry = this.indexFor(mode);
    if (!entry) return undefined;
    // The index's planar scale drifts from the true one away from its latitude: search wider, measure exactly.
    const candidates = entry.index.within(
      longitude * this.longitudeScale,
      latitude * 110_574,
      MAXIMUM_SNAP_METRES * 1.5,
    );
    let best: { node: number; metres: number } | undefined;
    for (const candidate of candidates) {
      const node = entry.nodes[candidate] as number;
      const metres = haversine(
        longitude,
        latitude,
        this.graph.nodeLongitudes[node] as number,
        this.graph.nodeLatitudes[node] as number,
      );
      if (metres <= MAXIMUM_SNAP_METRES && (!best || metres < best.metres)) best = { node, metres };
    }
    return best;
  }

  /** The network reached within the limit, as a compact {@link ReachedNetwork}. */
  reach(request: ReachRequest): { reach: ReachedNetwork; snapMetres: number; reachedNodes: number } {
    const snapped = this.snap(request.mode, request.origin[0], request.origin[1]);
    if (!snapped) throw new OffNetworkError();
    const offNetworkCostPerMetre = request.metric === 'time' ? OFF_NETWORK_SECONDS_PER_METRE : 1;
    const connectorCost = snapped.metres * offNetworkCostPerMetre;
    const modeGraph = this.graph.modes[request.mode];
    const search = boundedDijkstra(
      modeGraph,
      this.graph.nodeCount,
      [{ node: snapped.node, cost: connectorCost }],
      request.metric,
      request.limit,
    );
    const reach = extractReachedNetwork(this.graph, modeGraph, search, {
      origin: request.origin,
      metric: request.metric,
      limit: request.limit,
      offNetworkCostPerMetre,
      connector: { node: snapped.node, cost: connectorCost },
    });
    return { reach, snapMetres: snapped.metres, reachedNodes: search.settled.length };
  }

  /**
   * The isochrone of the request; `reachLimit` (≥ limit) computes the reached network further, so
   * that a client can re-contour up to it without asking again.
   */
  isochrone(request: ReachRequest, reachLimit = request.limit, options?: ContourOptions): Isochrone {
    const { reach, snapMetres, reachedNodes } = this.reach({ ...request, limit: Math.max(reachLimit, request.limit) });
    return { geometry: contourReachedNetwork(reach, request.limit, options), reach, snapMetres, reachedNodes };
  }
}
