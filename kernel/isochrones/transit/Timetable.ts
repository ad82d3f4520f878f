/** One stop (a platform) of the network, as read from the database or a GTFS file. */
export interface TimetableStopRecord {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
  /** Stops of one station share it (parent station, or same-name stops a few metres apart). */
  stationId: string;
}

/** One trip: its service, and its stops with their times in seconds after midnight of the service day. */
export interface TimetableTripRecord {
  id: string;
  serviceId: string;
  stopIds: readonly string[];
  arrivals: ArrayLike<number>;
  departures: ArrayLike<number>;
}

/** A transfer of `transfers.txt` (minimum seconds between arriving at one stop and leaving from another). */
export interface TimetableTransferRecord {
  fromStopId: string;
  toStopId: string;
  seconds: number;
}

/** A service of `calendar.txt` (weekdays Monday first, dates `YYYY-MM-DD`) and its `calendar_dates.txt` exceptions. */
export interface TimetableServiceRecord {
  id: string;
  weekdays: readonly boolean[];
  startDate: string | null;
  endDate: string | null;
  addedDates: readonly string[];
  removedDates: readonly string[];
}

/**
 * The timetable in compact typed arrays, for round-based searches (RAPTOR). Trips with the same stop
 * sequence form a pattern; the trips of a pattern are sorted by departure and never overtake each other
 * (a trip that would is put in a pattern of its own), so the first trip leaving a stop after a time is
 * found by binary search.
 */
export interface Timetable {
  stopCount: number;
  stopIds: readonly string[];
  stopNames: readonly string[];
  stopLongitudes: Float64Array;
  stopLatitudes: Float64Array;
  /** Station index of each stop. */
  stopStations: Int32Array;
  /** Pattern p stops at patternStops[patternStopOffsets[p]] … in order. */
  patternCount: number;
  patternStopOffsets: Int32Array;
  patternStops: Int32Array;
  /** Trips of pattern p: patternTripOffsets[p] … patternTripOffsets[p+1]-1 (global trip indexes). */
  patternTripOffsets: Int32Array;
  /** Times of trip t at the i-th stop of its pattern: tripTimeOffsets[t] + i. */
  tripTimeOffsets: Int32Array;
  arrivals: Int32Array;
  /** The same array as `arrivals` when every departure equals its arrival (RATP's métro timetables). */
  departures: Int32Array;
  tripServices: Int32Array;
  tripIds: readonly string[];
  /** Patterns serving stop s: stopPatternOffsets[s] …, with the stop's position in each. */
  stopPatternOffsets: Int32Array;
  stopPatterns: Int32Array;
  stopPatternPositions: Int32Array;
  /** Walking transfers from stop s: transferOffsets[s] …, target stop and seconds. */
  transferOffsets: Int32Array;
  transferTargets: Int32Array;
  transferSeconds: Int32Array;
  services: readonly TimetableServiceRecord[];
}

/** Walking speed of transfers between stops without a `transfers.txt` entry (5 km/h), and a detour factor. */
const WALKING_METRES_PER_SECOND = 5 / 3.6;
const TRANSFER_DETOUR = 1.3;
/** Stops closer than this (straight line) are linked by a walking transfer. */
export const TRANSFER_RADIUS_METRES = 400;

function metresBetween(longitudeA: number, latitudeA: number, longitudeB: number, latitudeB: number): number {
  const metresPerDegreeLongitude = 111_320 * Math.cos((((latitudeA + latitudeB) / 2) * Math.PI) / 180);
  return Math.hypot((longitudeA - longitudeB) * metresPerDegreeLongitude, (latitudeA - latitudeB) * 110_574);
}

/** Bytes held by the timetable's typed arrays (the ids and names are counted apart). */
export function timetableBytes(timetable: Timetable): number {
  const arrays = new Set<ArrayBufferView>();
  for (const value of Object.values(timetable)) if (ArrayBuffer.isView(value)) arrays.add(value);
  let bytes = 0;
  for (const array of arrays) bytes += array.byteLength;
  return bytes;
}

/**
 * Builds the timetable: trips grouped into patterns, the stop → patterns index and the walking transfers
 * — those of `transfers.txt` (both ways when only one is listed), plus, between stops less than {@link TRANSFER_RADIUS_METRES} apart that
 * have none, the straight-line distance × 1.3 at 5 km/h.
 */
export function buildTimetable(input: {
  stops: readonly TimetableStopRecord[];
  trips: readonly TimetableTripRecord[];
  transfers: readonly TimetableTransferRecord[];
  services: readonly TimetableServiceRecord[];
  /** Straight-line radius of the walking transfers added between stops (0: `transfers.txt` only). */
  transferRadiusMetres?: number;
}): Timetable {
  const transferRadius = input.transferRadiusMetres ?? TRANSFER_RADIUS_METRES;
  const stopIndex = new Map<string, number>();
  input.stops.forEach((stop, index) => stopIndex.set(stop.id, index));
  const stationIndex = new Map<string, number>();
  const stopStations = Int32Array.from(input.stops, (stop) => {
    if (!stationIndex.has(stop.stationId)) stationIndex.set(stop.stationId, stationIndex.size);
    return stationIndex.get(stop.stationId) as number;
  });
  const serviceIndex = new Map<string, number>();
  input.services.forEach((service, index) => serviceIndex.set(service.id, index));

  // Patterns: same stop sequence; trips sorted by first departure, split where one would overtake another.
  const bySequence = new Map<string, TimetableTripRecord[]>();
  for (const trip of input.trips) {
    if (trip.stopIds.length < 2) continue;
    const key = trip.stopIds.join(' ');
    const group = bySequence.get(key);
    if (group) group.push(trip);
    else bySequence.set(key, [trip]);
  }
  const patterns: { stops: number[]; trips: TimetableTripRecord[] }[] = [];
  for (const group of bySequence.values()) {
    group.sort((a, b) => (a.departures[0] as number) - (b.departures[0] as number));
    const stops = (group[0] as TimetableTripRecord).stopIds.map((id) => {
      const index = stopIndex.get(id);
      if (index === undefined) throw new Error(`arrêt « ${id} » inconnu`);
      return index;
    });
    const lanes: TimetableTripRecord[][] = [];
    for (const trip of group) {
      const lane = lanes.find((candidate) => {
        const last = candidate[candidate.length - 1] as TimetableTripRecord;
        for (let position = 0; position < stops.length; position += 1) {
          if ((trip.departures[position] as number) < (last.departures[position] as number)) return false;
          if ((trip.arrivals[position] as number) < (last.arrivals[position] as number)) return false;
        }
        return true;
      });
      if (lane) lane.push(trip);
      else lanes.push([trip]);
    }
    for (const lane of lanes) patterns.push({ stops, trips: lane });
  }

  const patternCount = patterns.length;
  const patternStopOffsets = new Int32Array(patternCount + 1);
  const patternTripOffsets = new Int32Array(patternCount + 1);
  let timeCount = 0;
  patterns.forEach((pattern, index) => {
    patternStopOffsets[index + 1] = (patternStopOffsets[index] as number) + pattern.stops.length;
    patternTripOffsets[index + 1] = (patternTripOffsets[index] as number) + pattern.trips.length;
    timeCount += pattern.stops.length * pattern.trips.length;
  });
  const patternStops = new Int32Array(patternStopOffsets[patternCount] as number);
  const tripCount = patternTripOffsets[patternCount] as number;
  const tripTimeOffsets = new Int32Array(tripCount);
  const tripServices = new Int32Array(tripCount);
  const tripIds: string[] = [];
  const arrivals = new Int32Array(timeCount);
  const departures = new Int32Array(timeCount);
  let sameTimes = true;
  let trip = 0;
  let cursor = 0;
  patterns.forEach((pattern, index) => {
    patternStops.set(pattern.stops, patternStopOffsets[index] as number);
    for (const record of pattern.trips) {
      tripTimeOffsets[trip] = cursor;
      const service = serviceIndex.get(record.serviceId);
      if (service === undefined) throw new Error(`service « ${record.serviceId} » inconnu`);
      tripServices[trip] = service;
      tripIds.push(record.id);
      for (let position = 0; position < pattern.stops.length; position += 1) {
        arrivals[cursor + position] = record.arrivals[position] as number;
        departures[cursor + position] = record.departures[position] as number;
        if (record.arrivals[position] !== record.departures[position]) sameTimes = false;
      }
      cursor += pattern.stops.length;
      trip += 1;
    }
  });

  // Stop → (pattern, position).
  const stopCount = input.stops.length;
  const stopPatternCounts = new Int32Array(stopCount + 1);
  for (let index = 0; index < patternStops.length; index += 1) {
    const stop = patternStops[index] as number;
    stopPatternCounts[stop + 1] = (stopPatternCounts[stop + 1] as number) + 1;
  }
  const stopPatternOffsets = new Int32Array(stopCount + 1);
  for (let stop = 0; stop < stopCount; stop += 1)
    stopPatternOffsets[stop + 1] = (stopPatternOffsets[stop] as number) + (stopPatternCounts[stop + 1] as number);
  const stopPatterns = new Int32Array(patternStops.length);
  const stopPatternPositions = new Int32Array(patternStops.length);
  const fill = stopPatternOffsets.slice(0, stopCount);
  for (let pattern = 0; pattern < patternCount; pattern += 1) {
    for (
      let index = patternStopOffsets[pattern] as number;
      index < (patternStopOffsets[pattern + 1] as number);
      index += 1
    ) {
      const stop = patternStops[index] as number;
      const slot = fill[stop] as number;
      fill[stop] = slot + 1;
      stopPatterns[slot] = pattern;
      stopPatternPositions[slot] = index - (patternStopOffsets[pattern] as number);
    }
  }

  // Walking transfers: transfers.txt first, then nearby stops without an entry.
  const transfers = new Map<number, Map<number, number>>();
  const addTransfer = (from: number, to: number, seconds: number, replace: boolean) => {
    if (from === to) return;
    let targets = transfers.get(from);
    if (!targets) {
      targets = new Map();
      transfers.set(from, targets);
    }
    if (replace || !targets.has(to)) targets.set(to, seconds);
  };
  for (const transfer of input.transfers) {
    const from = stopIndex.get(transfer.fromStopId);
    const to = stopIndex.get(transfer.toStopId);
    if (from !== undefined && to !== undefined) addTransfer(from, to, Math.max(0, Math.round(transfer.seconds)), true);
  }
  // RATP lists most correspondences in one direction only: the way back takes the same time.
  for (const transfer of input.transfers) {
    const from = stopIndex.get(transfer.fromStopId);
    const to = stopIndex.get(transfer.toStopId);
    if (from !== undefined && to !== undefined) addTransfer(to, from, Math.max(0, Math.round(transfer.seconds)), false);
  }
  const order = Array.from({ length: stopCount }, (_, index) => index).sort(
    (a, b) => (input.stops[a] as TimetableStopRecord).latitude - (input.stops[b] as TimetableStopRecord).latitude,
  );
  const latitudeWindow = transferRadius / 110_574;
  for (let i = 0; i < order.length && transferRadius > 0; i += 1) {
    const a = input.stops[order[i] as number] as TimetableStopRecord;
    for (let j = i + 1; j < order.length; j += 1) {
      const b = input.stops[order[j] as number] as TimetableStopRecord;
      if (b.latitude - a.latitude > latitudeWindow) break;
      const metres = metresBetween(a.longitude, a.latitude, b.longitude, b.latitude);
      if (metres > transferRadius) continue;
      const seconds = Math.round((metres * TRANSFER_DETOUR) / WALKING_METRES_PER_SECOND);
      addTransfer(order[i] as number, order[j] as number, seconds, false);
      addTransfer(order[j] as number, order[i] as number, seconds, false);
    }
  }
  const transferOffsets = new Int32Array(stopCount + 1);
  for (let stop = 0; stop < stopCount; stop += 1)
    transferOffsets[stop + 1] = (transferOffsets[stop] as number) + (transfers.get(stop)?.size ?? 0);
  const transferTargets = new Int32Array(transferOffsets[stopCount] as number);
  const transferSeconds = new Int32Array(transferOffsets[stopCount] as number);
  for (const [from, targets] of transfers) {
    let slot = transferOffsets[from] as number;
    for (const [to, seconds] of targets) {
      transferTargets[slot] = to;
      transferSeconds[slot] = seconds;
      slot += 1;
    }
  }

  return {
    stopCount,
    stopIds: input.stops.map((stop) => stop.id),
    stopNames: input.stops.map((stop) => stop.name),
    stopLongitudes: Float64Array.from(input.stops, (stop) => stop.longitude),
    stopLatitudes: Float64Array.from(input.stops, (stop) => stop.latitude),
    stopStations,
    patternCount,
    patternStopOffsets,
    patternStops,
    patternTripOffsets,
    tripTimeOffsets,
    arrivals,
    departures: sameTimes ? arrivals : departures,
    tripServices,
    tripIds,
    stopPatternOffsets,
    stopPatterns,
    stopPatternPositions,
    transferOffsets,
    transferTargets,
    transferSeconds,
    services: input.services,
  };
}
