import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type {
  TimetableServiceRecord,
  TimetableStopRecord,
  TimetableTransferRecord,
  TimetableTripRecord,
} from '../../kernel/isochrones/transit/Timetable';
import { openGtfsFolder } from '../../server/import/sources/gtfs/gtfsFeedFiles';
import { readRawCsv } from './rawCsv';

export type RawRows = Record<string, string>[];

/** The raw rows of GTFS zips (each row tagged with its zip's name in `feed`). */
export interface RawGtfs {
  stops: RawRows;
  trips: RawRows;
  stopTimes: RawRows;
  transfers: RawRows;
  calendar: RawRows;
  calendarDates: RawRows;
}

const seconds = (time: string) => {
  const [hours, minutes, secondsPart] = time.split(':').map(Number);
  return (hours as number) * 3600 + (minutes as number) * 60 + (secondsPart as number);
};
const isoDate = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;

/** Reads GTFS zips with the test CSV reader (independent of the importer's). */
export async function readRawGtfs(zips: readonly string[]): Promise<RawGtfs> {
  const raw: RawGtfs = { stops: [], trips: [], stopTimes: [], transfers: [], calendar: [], calendarDates: [] };
  for (const zip of zips) {
    const feed = basename(zip).replace(/\.zip$/, '');
    const folder = await openGtfsFolder({ id: feed, path: zip, kind: 'zip' });
    const read = (file: string) => readRawCsv(join(folder, file), ',').rows.map((row) => ({ ...row, feed }));
    raw.stops = raw.stops.concat(read('stops.txt'));
    raw.trips = raw.trips.concat(read('trips.txt'));
    raw.stopTimes = raw.stopTimes.concat(read('stop_times.txt'));
    raw.transfers = raw.transfers.concat(read('transfers.txt'));
    raw.calendar = raw.calendar.concat(read('calendar.txt'));
    raw.calendarDates = raw.calendarDates.concat(read('calendar_dates.txt'));
    rmSync(folder, { recursive: true, force: true });
  }
  return raw;
}

/** The timetable records of raw GTFS rows (every stop its own station). */
export function timetableRecords(raw: RawGtfs): {
  stops: TimetableStopRecord[];
  trips: TimetableTripRecord[];
  transfers: TimetableTransferRecord[];
  services: TimetableServiceRecord[];
} {
  const byTrip = new Map<string, RawRows>();
  for (const row of raw.stopTimes) {
    const list = byTrip.get(row.trip_id as string);
    if (list) list.push(row);
    else byTrip.set(row.trip_id as string, [row]);
  }
  const services = new Map<string, TimetableServiceRecord & { addedDates: string[]; removedDates: string[] }>();
  for (const row of raw.calendar) {
    services.set(row.service_id as string, {
      id: row.service_id as string,
      weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
        (day) => row[day] === '1',
      ),
      startDate: isoDate(row.start_date as string),
      endDate: isoDate(row.end_date as string),
      addedDates: [],
      removedDates: [],
    });
  }
  for (const row of raw.calendarDates) {
    const service = services.get(row.service_id as string);
    if (!service) throw new Error(`service ${row.service_id} sans calendar.txt`);
    (row.exception_type === '1' ? service.addedDates : service.removedDates).push(isoDate(row.date as string));
  }
  return {
    stops: raw.stops.map((row) => ({
      id: row.stop_id as string,
      name: row.stop_name as string,
      longitude: Number(row.stop_lon),
      latitude: Number(row.stop_lat),
      stationId: row.stop_id as string,
    })),
    trips: raw.trips.map((trip) => {
      const times = (byTrip.get(trip.trip_id as string) ?? []).sort(
        (a, b) => Number(a.stop_sequence) - Number(b.stop_sequence),
      );
      return {
        id: trip.trip_id as string,
        serviceId: trip.service_id as string,
        stopIds: times.map((row) => row.stop_id as string),
        arrivals: times.map((row) => seconds(row.arrival_time as string)),
        departures: times.map((row) => seconds(row.departure_time as string)),
      };
    }),
    transfers: raw.transfers.map((row) => ({
      fromStopId: row.from_stop_id as string,
      toStopId: row.to_stop_id as string,
      seconds: Number(row.min_transfer_time),
    })),
    services: [...services.values()],
  };
}

export const gtfsSeconds = seconds;
