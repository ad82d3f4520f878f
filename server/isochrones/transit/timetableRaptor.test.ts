import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rangeRaptor, UNREACHED } from '../../../kernel/isochrones/transit/rangeRaptor';
import { addDays, runningServices, timetableDate } from '../../../kernel/isochrones/transit/serviceCalendar';
import { buildTimetable, timetableBytes, type Timetable } from '../../../kernel/isochrones/transit/Timetable';
import { timetableNote } from '../../../kernel/isochrones/transit/timetableNote';
import { gtfsSeconds, readRawGtfs, timetableRecords, type RawGtfs } from '../../../tests/support/gtfsTimetableRecords';
import { openDataDirectory } from '../../../tests/support/testDatabase';

const DAY = 86_400;
const zip = (line: string) => join(openDataDirectory(), `gtfs/ratp-metro-2019-per-line/RATP_GTFS_METRO_${line}.zip`);

/** Trips running on a date, read from calendar.txt / calendar_dates.txt rows directly. */
function runningTrips(raw: RawGtfs, date: string): Set<string> {
  const compact = date.replaceAll('-', '');
  const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][
    new Date(`${date}T00:00:00Z`).getUTCDay()
  ] as string;
  const running = new Set<string>();
  for (const row of raw.calendar) {
    if (row[weekday] === '1' && (row.start_date as string) <= compact && compact <= (row.end_date as string))
      running.add(row.service_id as string);
  }
  for (const row of raw.calendarDates) {
    if (row.date !== compact) continue;
    if (row.exception_type === '1') running.add(row.service_id as string);
    else running.delete(row.service_id as string);
  }
  return new Set(
    raw.trips.filter((trip) => running.has(trip.service_id as string)).map((trip) => trip.trip_id as string),
  );
}

/**
 * Earliest arrival at every stop of one line boarding at `from` (stop ids → ready time), reading
 * stop_times rows: for each running trip, the first stop of `from` it leaves at or after the ready time,
 * then its arrivals further on. `shift` moves the day before's trips (−86 400 s).
 */
function rideLine(
  raw: RawGtfs,
  feed: string,
  trips: Set<string>,
  from: Map<string, number>,
  shift = 0,
): Map<string, number> {
  const byTrip = new Map<string, Record<string, string>[]>();
  for (const row of raw.stopTimes) {
    if (row.feed !== feed || !trips.has(row.trip_id as string)) continue;
    const list = byTrip.get(row.trip_id as string) ?? [];
    list.push(row);
    byTrip.set(row.trip_id as string, list);
  }
  const best = new Map<string, number>();
  for (const rows of byTrip.values()) {
    rows.sort((a, b) => Number(a.stop_sequence) - Number(b.stop_sequence));
    let boarded = false;
    for (const row of rows) {
      const stop = row.stop_id as string;
      if (boarded) {
        const arrival = gtfsSeconds(row.arrival_time as string) + shift;
        if (arrival < (best.get(stop) ?? Infinity)) best.set(stop, arrival);
      }
      const ready = from.get(stop);
      if (!boarded && ready !== undefined && gtfsSeconds(row.departure_time as string) + shift >= ready) boarded = true;
    }
  }
  return best;
}

const stopIds = (raw: RawGtfs, feed: string, name: string) =>
  raw.stops.filter((stop) => stop.feed === feed && stop.stop_name === name).map((stop) => stop.stop_id as string);

describe('RAPTOR on the RATP timetables (lines 1 and 4) against stop_times.txt', () => {
  let raw: RawGtfs;
  let timetable: Timetable;
  const index = (id: string) => timetable.stopIds.indexOf(id);
  const earliest = (arrivals: Int32Array, ids: readonly string[]) =>
    Math.min(...ids.map((id) => arrivals[index(id)] as number));

  beforeAll(async () => {
    raw = await readRawGtfs([zip('1'), zip('4')]);
    // transfers.txt only: the expected journeys below change lines where RATP lists a correspondence.
    timetable = buildTimetable({ ...timetableRecords(raw), transferRadiusMetres: 0 });
  }, 120_000);

  const LINE_1 = 'RATP_GTFS_METRO_1';
  const LINE_4 = 'RATP_GTFS_METRO_4';
  const search = (date: string, departure: number, origins: readonly string[]) =>
    rangeRaptor(timetable, {
      access: origins.map((id) => ({ stop: index(id), seconds: 0 })),
      departures: [departure],
      running: runningServices(timetable.services, date),
      runningDayBefore: runningServices(timetable.services, addDays(date, -1)),
      maximumSeconds: 3 * 3600,
    })[0]?.arrivals as Int32Array;

  it('La Défense → Châtelet on line 1: the first train at or after 08:00, waiting included', () => {
    const date = '2019-03-18';
    const departure = 8 * 3600;
    const laDefense = stopIds(raw, LINE_1, 'La Défense (Grande Arche)');
    const chatelet = stopIds(raw, LINE_1, 'Châtelet');
    const line1 = rideLine(raw, LINE_1, runningTrips(raw, date), new Map(laDefense.map((id) => [id, departure])));
    const expected = Math.min(...chatelet.map((id) => line1.get(id) ?? Infinity));
    expect(expected).toBeGreaterThan(departure + 15 * 60);
    expect(expected).toBeLessThan(departure + 35 * 60);
    expect(earliest(search(date, departure, laDefense), chatelet)).toBe(expected);
  });

  it('then line 4 from Châtelet to Montparnasse-Bienvenue, with the transfers.txt walk', () => {
    const date = '2019-03-18';
    const departure = 8 * 3600 + 7 * 60 + 30;
    const laDefense = stopIds(raw, LINE_1, 'La Défense (Grande Arche)');
    const running = runningTrips(raw, date);
    const line1 = rideLine(raw, LINE_1, running, new Map(laDefense.map((id) => [id, departure])));
    // Every correspondence of transfers.txt from a line-1 stop reached to a line-4 stop.
    const line4Stops = new Set(raw.stops.filter((stop) => stop.feed === LINE_4).map((stop) => stop.stop_id as string));
    const ready = new Map<string, number>();
    // RATP lists most correspondences one way (line 4 → line 1 at Châtelet): they count both ways.
    const pairs = raw.transfers.flatMap((transfer) => [
      [transfer.from_stop_id as string, transfer.to_stop_id as string, Number(transfer.min_transfer_time)] as const,
      [transfer.to_stop_id as string, transfer.from_stop_id as string, Number(transfer.min_transfer_time)] as const,
    ]);
    const listed = new Map<string, number>();
    for (const [from, to, seconds] of pairs) if (!listed.has(`${from} ${to}`)) listed.set(`${from} ${to}`, seconds);
    for (const transfer of raw.transfers)
      listed.set(`${transfer.from_stop_id} ${transfer.to_stop_id}`, Number(transfer.min_transfer_time));
    for (const [pair, seconds] of listed) {
      const [from, to] = pair.split(' ') as [string, string];
      const arrived = line1.get(from);
      if (arrived === undefined || !line4Stops.has(to)) continue;
      const at = arrived + seconds;
      if (at < (ready.get(to) ?? Infinity)) ready.set(to, at);
    }
    const line4 = rideLine(raw, LINE_4, running, ready);
    const montparnasse = stopIds(raw, LINE_4, 'Montparnasse-Bienvenue');
    const expected = Math.min(...montparnasse.map((id) => line4.get(id) ?? Infinity));
    expect(Number.isFinite(expected)).toBe(true);
    const arrivals = search(date, departure, laDefense);
    expect(earliest(arrivals, montparnasse)).toBe(expected);
    // One transfer: more than the line-1 ride to Châtelet plus its correspondence.
    expect(expected).toBeGreaterThan(earliest(arrivals, stopIds(raw, LINE_1, 'Châtelet')));
  });

  it('after midnight, rides the trips of the day before (times past 24:00)', () => {
    const monday = '2019-03-18';
    const tuesday = '2019-03-19';
    // A Monday trip of line 1 leaving a stop after 24:00, not at its terminus.
    const mondayTrips = runningTrips(raw, monday);
    const late = raw.stopTimes.find(
      (row) =>
        row.feed === LINE_1 &&
        mondayTrips.has(row.trip_id as string) &&
        gtfsSeconds(row.departure_time as string) >= DAY &&
        raw.stopTimes.some(
          (next) => next.trip_id === row.trip_id && Number(next.stop_sequence) > Number(row.stop_sequence),
        ),
    );
    expect(late).toBeDefined();
    const origin = late?.stop_id as string;
    const departure = gtfsSeconds(late?.departure_time as string) - DAY - 60;
    const from = new Map([[origin, departure]]);
    const fromDayBefore = rideLine(raw, LINE_1, mondayTrips, from, -DAY);
    const sameDay = rideLine(raw, LINE_1, runningTrips(raw, tuesday), from);
    expect(fromDayBefore.size).toBeGreaterThan(0);
    const arrivals = search(tuesday, departure, [origin]);
    for (const [stop, arrival] of fromDayBefore) {
      expect(arrivals[index(stop)], stop).toBe(Math.min(arrival, sameDay.get(stop) ?? Infinity));
    }
    // Long after the last train (03:00), only the first morning trains (after 05:00) reach anything.
    const night = search(tuesday, 3 * 3600, [origin]);
    const reached = [...night].filter((arrival, stop) => arrival !== UNREACHED && timetable.stopIds[stop] !== origin);
    expect(Math.min(...reached)).toBeGreaterThan(5 * 3600);
  });

  it('keeps the timetable compact and substitutes a date outside the calendar by the usual same weekday', () => {
    expect(timetable.arrivals.length).toBe(raw.stopTimes.length);
    // Int32 times (arrival = departure in RATP's files: one array) and indexes.
    expect(timetableBytes(timetable)).toBeLessThan(raw.stopTimes.length * 4 * 1.5);
    // A Monday outside the calendar: a Monday inside it (the network's usual Monday, 18 March 2019 for all
    // 17 lines, is checked on the whole network by transitIsochrones.test.ts).
    const substitute = timetableDate(timetable.services, '2026-11-30');
    expect(substitute?.substituted).toBe(true);
    expect(new Date(`${substitute?.date}T00:00:00Z`).getUTCDay()).toBe(1);
    const substituteDate = substitute?.date ?? '';
    expect(substituteDate >= '2019-02-05' && substituteDate <= '2019-08-04').toBe(true);
    expect(timetableNote('RATP', '2019-03-18')).toBe('horaires RATP du lundi 18 mars 2019');
    expect(timetableDate(timetable.services, '2019-04-02')).toEqual({ date: '2019-04-02', substituted: false });
  });
});
