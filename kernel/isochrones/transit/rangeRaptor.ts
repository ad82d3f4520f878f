import type { Timetable } from './Timetable';

/** No arrival. */
export const UNREACHED = 0x3fffffff;
const DAY_SECONDS = 86_400;

export interface RaptorQuery {
  /** Stops reached on foot from the start, with the walk in seconds. */
  access: readonly { stop: number; seconds: number }[];
  /** Departure times (seconds after midnight of the service day), any order. */
  departures: readonly number[];
  /** Services running on the day (1 = runs) and on the day before (its trips past midnight). */
  running: Uint8Array;
  runningDayBefore: Uint8Array;
  /** Arrivals later than departure + this many seconds are dropped. */
  maximumSeconds: number;
  /** Vehicle legs at most (rounds). */
  maximumTrips?: number;
}

/** Earliest arrival (seconds after midnight) at every stop for one departure; {@link UNREACHED} elsewhere. */
export interface RaptorArrivals {
  departure: number;
  arrivals: Int32Array;
}

/** The first trip of the pattern leaving its `position`-th stop at or after `time`, today or from the day before. */
function earliestTrip(
  timetable: Timetable,
  pattern: number,
  position: number,
  time: number,
  running: Uint8Array,
  runningDayBefore: Uint8Array,
): { trip: number; shift: number } | undefined {
  let found: { trip: number; shift: number; departure: number } | undefined;
  const first = timetable.patternTripOffsets[pattern] as number;
  const end = timetable.patternTripOffsets[pattern + 1] as number;
  for (const shift of [0, -DAY_SECONDS]) {
    const flags = shift === 0 ? running : runningDayBefore;
    const wanted = time - shift;
    let low = first;
    let high = end;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((timetable.departures[(timetable.tripTimeOffsets[middle] as number) + position] as number) < wanted)
        low = middle + 1;
      else high = middle;
    }
    for (let trip = low; trip < end; trip += 1) {
      if (!flags[timetable.tripServices[trip] as number]) continue;
      const departure =
        (timetable.departures[(timetable.tripTimeOffsets[trip] as number) + position] as number) + shift;
      if (!found || departure < found.departure) found = { trip, shift, departure };
      break;
    }
  }
  return found;
}

/**
 * Round-based public-transit search (RAPTOR, Delling et al. 2012) over a range of departures (rRAPTOR):
 * departures are processed from the latest to the earliest, keeping the labels of each round, since
 * what a later departure reaches an earlier one reaches too by waiting. Round k boards, at the stops
 * improved by round k − 1, the earliest trip of each pattern, then follows the walking transfers.
 * Returns, for each departure (in the given order), the earliest arrival at every stop.
 */
export function rangeRaptor(timetable: Timetable, query: RaptorQuery): RaptorArrivals[] {
  const rounds = query.maximumTrips ?? 6;
  const stopCount = timetable.stopCount;
  const labels = Array.from({ length: rounds + 1 }, () => new Int32Array(stopCount).fill(UNREACHED));
  const best = new Int32Array(stopCount).fill(UNREACHED);
  const marked = new Uint8Array(stopCount);
  const queued = new Int32Array(timetable.patternCount).fill(-1);
  const queue: number[] = [];
  const results = new Map<number, Int32Array>();
  const order = [...new Set(query.departures)].sort((a, b) => b - a);

  for (const departure of order) {
    const limit = departure + query.maximumSeconds;
    const round0 = labels[0] as Int32Array;
    marked.fill(0);
    let anyMarked = false;
    for (const { stop, seconds } of query.access) {
      const arrival = departure + Math.round(seconds);
      if (arrival > limit) continue;
      if (arrival < (round0[stop] as number)) round0[stop] = arrival;
      if (arrival < (best[stop] as number)) best[stop] = arrival;
      marked[stop] = 1;
      anyMarked = true;
    }
    for (let round = 1; round <= rounds && anyMarked; round += 1) {
      const previous = labels[round - 1] as Int32Array;
      const current = labels[round] as Int32Array;
      // Patterns through the marked stops, from the earliest marked position.
      for (let stop = 0; stop < stopCount; stop += 1) {
        if (!marked[stop]) continue;
        marked[stop] = 0;
        for (
          let slot = timetable.stopPatternOffsets[stop] as number;
          slot < (timetable.stopPatternOffsets[stop + 1] as number);
          slot += 1
        ) {
          const pattern = timetable.stopPatterns[slot] as number;
          const position = timetable.stopPatternPositions[slot] as number;
          const queuedPosition = queued[pattern] as number;
          if (queuedPosition === -1) queue.push(pattern);
          if (queuedPosition === -1 || position < queuedPosition) queued[pattern] = position;
        }
      }
      anyMarked = false;
      const improved: number[] = [];
      for (const pattern of queue) {
        const stopsStart = timetable.patternStopOffsets[pattern] as number;
        const stopsEnd = timetable.patternStopOffsets[pattern + 1] as number;
        let trip = -1;
        let shift = 0;
        for (let position = queued[pattern] as number; position < stopsEnd - stopsStart; position += 1) {
          const stop = timetable.patternStops[stopsStart + position] as number;
          if (trip !== -1) {
            const arrival =
              (timetable.arrivals[(timetable.tripTimeOffsets[trip] as number) + position] as number) + shift;
            if (arrival <= limit && arrival < (best[stop] as number)) {
              current[stop] = arrival;
              best[stop] = arrival;
              if (!marked[stop]) improved.push(stop);
              marked[stop] = 1;
              anyMarked = true;
            }
          }
          const ready = previous[stop] as number;
          if (
            ready < UNREACHED &&
            (trip === -1 ||
              ready < (timetable.departures[(timetable.tripTimeOffsets[trip] as number) + position] as number) + shift)
          ) {
            const boarded = earliestTrip(timetable, pattern, position, ready, query.running, query.runningDayBefore);
            if (boarded) {
              trip = boarded.trip;
              shift = boarded.shift;
            }
          }
        }
        queued[pattern] = -1;
      }
      queue.length = 0;
      // Walking transfers from the stops this round improved.
      for (const stop of improved) {
        const arrivedAt = current[stop] as number;
        for (
          let slot = timetable.transferOffsets[stop] as number;
          slot < (timetable.transferOffsets[stop + 1] as number);
          slot += 1
        ) {
          const target = timetable.transferTargets[slot] as number;
          const arrival = arrivedAt + (timetable.transferSeconds[slot] as number);
          if (arrival <= limit && arrival < (best[target] as number)) {
            current[target] = arrival;
            best[target] = arrival;
            marked[target] = 1;
            anyMarked = true;
          }
        }
      }
    }
    results.set(
      departure,
      Int32Array.from(best, (arrival) => (arrival <= limit ? arrival : UNREACHED)),
    );
  }
  return query.departures.map((departure) => ({ departure, arrivals: results.get(departure) as Int32Array }));
}
