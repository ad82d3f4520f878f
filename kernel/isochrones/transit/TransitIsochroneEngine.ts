import type { MultiPolygon, Polygon } from 'geojson';
import { boundedDijkstra, type DijkstraResult } from '../boundedDijkstra';
import { contourReachedNetwork } from '../contourReachedNetwork';
import { OffNetworkError, type IsochroneEngine } from '../IsochroneEngine';
import { extractReachedNetwork, type ReachedNetwork } from '../ReachedNetwork';
import { OFF_NETWORK_SECONDS_PER_METRE } from '../travelModes';
import { rangeRaptor, UNREACHED } from './rangeRaptor';
import { addDays, runningServices } from './serviceCalendar';
import type { Timetable } from './Timetable';

export interface TransitReachRequest {
  /** [longitude, latitude] */
  origin: [number, number];
  /** Service day `YYYY-MM-DD` of the timetable. */
  date: string;
  /** First departure, seconds after midnight of `date`. */
  departureSeconds: number;
  /** Departures every minute from `departureSeconds` to `departureSeconds + windowSeconds` (0: one departure). */
  windowSeconds: number;
  /**
   * With a window: the zone reached in this percentage of the departures (50 = median, 90 = nine times
   * out of ten); 1 gives the best departure's zone, 100 the worst's.
   */
  percentile: number;
  /** Travel time limit in seconds. */
  limit: number;
}

export interface TransitReach {
  reach: ReachedNetwork;
  snapMetres: number;
  departures: number;
  /** Stops reached (by the chosen percentile) within the limit. */
  reachedStops: number;
}

/** Departures of a window, one a minute. */
export function windowDepartures(departureSeconds: number, windowSeconds: number): number[] {
  const departures: number[] = [];
  for (let offset = 0; offset <= windowSeconds; offset += 60) departures.push(departureSeconds + offset);
  return departures;
}

/** The value reached by `percentile` % of the sorted sample (nearest-rank). */
function nearestRank(sorted: Float64Array, percentile: number): number {
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/**
 * Public-transport isochrones: walk from the start on the street graph (walking speed) to the stops, ride
 * the timetable with {@link rangeRaptor}, then walk from every stop reached (and from the start) over the
 * streets — one multi-source search whose sources are the stops at their arrival times — and contour the
 * reached streets like the road modes. With a window, every minute's departure gives each street node a
 * travel time; the zone of a percentile takes, per node, that percentile of the departures' times.
 */
export class TransitIsochroneEngine {
  private readonly stopNodes: Int32Array;
  /** Walking seconds between a stop and its street node (Infinity: no street within reach). */
  private readonly stopSnapSeconds: Float64Array;

  constructor(
    readonly road: IsochroneEngine,
    readonly timetable: Timetable,
  ) {
    this.stopNodes = new Int32Array(timetable.stopCount).fill(-1);
    this.stopSnapSeconds = new Float64Array(timetable.stopCount).fill(Infinity);
    for (let stop = 0; stop < timetable.stopCount; stop += 1) {
      const snapped = road.snap(
        'walking',
        timetable.stopLongitudes[stop] as number,
        timetable.stopLatitudes[stop] as number,
      );
      if (!snapped) continue;
      this.stopNodes[stop] = snapped.node;
      this.stopSnapSeconds[stop] = snapped.metres * OFF_NETWORK_SECONDS_PER_METRE;
    }
  }

  /** Earliest arrival at every stop for each departure (seconds after midnight of `date`), from a start. */
  stopArrivals(request: Omit<TransitReachRequest, 'percentile'>) {
    const graph = this.road.graph;
    const walking = graph.modes.walking;
    const snapped = this.road.snap('walking', request.origin[0], request.origin[1]);
    if (!snapped) throw new OffNetworkError();
    const connector = { node: snapped.node, cost: snapped.metres * OFF_NETWORK_SECONDS_PER_METRE };
    const walk = boundedDijkstra(walking, graph.nodeCount, [connector], 'time', request.limit);
    const access: { stop: number; seconds: number }[] = [];
    for (let stop = 0; stop < this.timetable.stopCount; stop += 1) {
      const node = this.stopNodes[stop] as number;
      if (node < 0) continue;
      const seconds = (walk.costs[node] as number) + (this.stopSnapSeconds[stop] as number);
      if (seconds <= request.limit) access.push({ stop, seconds });
    }
    const departures = windowDepartures(request.departureSeconds, request.windowSeconds);
    const arrivals = rangeRaptor(this.timetable, {
      access,
      departures,
      running: runningServices(this.timetable.services, request.date),
      runningDayBefore: runningServices(this.timetable.services, addDays(request.date, -1)),
      maximumSeconds: request.limit,
    });
    return { snapped, connector, walk, arrivals };
  }

  /** The street network reached within the limit, for one departure or a percentile of a window's. */
  reach(request: TransitReachRequest): TransitReach {
    const { reaches, ...rest } = this.reaches(request, [request.percentile]);
    return { ...rest, reach: reaches[0] as ReachedNetwork };
  }

  /**
   * The street network reached within the limit for each of `percentiles` of a window's departures (one
   * search per departure, shared by all of them): the form switches between 50 % and 90 % without a new
   * request. With one departure every percentile is that departure's network.
   */
  reaches(
    request: Omit<TransitReachRequest, 'percentile'>,
    percentiles: readonly number[],
  ): Omit<TransitReach, 'reach'> & { reaches: ReachedNetwork[] } {
    const graph = this.road.graph;
    const walking = graph.modes.walking;
    const { snapped, connector, walk, arrivals } = this.stopArrivals(request);
    const perDeparture: Float64Array[] = [];
    let reachedStops = 0;
    for (const { departure, arrivals: stopArrivals } of arrivals) {
      const starts = [connector];
      for (let stop = 0; stop < this.timetable.stopCount; stop += 1) {
        const arrival = stopArrivals[stop] as number;
        const node = this.stopNodes[stop] as number;
        if (arrival === UNREACHED || node < 0) continue;
        const cost = arrival - departure + (this.stopSnapSeconds[stop] as number);
        if (cost < (walk.costs[node] as number) && cost <= request.limit) starts.push({ node, cost });
      }
      reachedStops = Math.max(reachedStops, starts.length - 1);
      perDeparture.push(boundedDijkstra(walking, graph.nodeCount, starts, 'time', request.limit).costs);
    }
    const costs =
      perDeparture.length === 1
        ? percentiles.map(() => perDeparture[0] as Float64Array)
        : percentileCosts(perDeparture, percentiles);
    const reaches = costs.map((nodeCosts) =>
      extractReachedNetwork(graph, walking, settledOf(nodeCosts, request.limit), {
        origin: request.origin,
        metric: 'time',
        limit: request.limit,
        offNetworkCostPerMetre: OFF_NETWORK_SECONDS_PER_METRE,
        connector,
      }),
    );
    return { reaches, snapMetres: snapped.metres, departures: arrivals.length, reachedStops };
  }

  /** The zone within `limit` (and the reached network up to `reachLimit` ≥ limit, for re-contouring). */
  isochrone(
    request: TransitReachRequest,
    reachLimit = request.limit,
  ): TransitReach & { geometry: Polygon | MultiPolygon } {
    const result = this.reach({ ...request, limit: Math.max(reachLimit, request.limit) });
    return { ...result, geometry: contourReachedNetwork(result.reach, request.limit) };
  }
}

/**
 * Per node, each percentile of the departures' travel times (Infinity counts as never reached): one
 * sort of the node's sample serves every percentile.
 */
function percentileCosts(perDeparture: readonly Float64Array[], percentiles: readonly number[]): Float64Array[] {
  const nodeCount = (perDeparture[0] as Float64Array).length;
  const results = percentiles.map(() => new Float64Array(nodeCount).fill(Infinity));
  const sample = new Float64Array(perDeparture.length);
  for (let node = 0; node < nodeCount; node += 1) {
    let reached = false;
    for (let index = 0; index < perDeparture.length; index += 1) {
      const cost = (perDeparture[index] as Float64Array)[node] as number;
      sample[index] = cost;
      if (cost !== Infinity) reached = true;
    }
    if (!reached) continue;
    sample.sort();
    percentiles.forEach((percentile, index) => {
      (results[index] as Float64Array)[node] = nearestRank(sample, percentile);
    });
  }
  return results;
}

/** A search result from node costs: the nodes within the limit, cheapest first. */
function settledOf(costs: Float64Array, limit: number): DijkstraResult {
  const nodes: number[] = [];
  for (let node = 0; node < costs.length; node += 1) if ((costs[node] as number) <= limit) nodes.push(node);
  nodes.sort((a, b) => (costs[a] as number) - (costs[b] as number));
  return { costs, settled: Int32Array.from(nodes) };
}
