import {
  buildTimetable,
  type Timetable,
  type TimetableServiceRecord,
} from '../../../kernel/isochrones/transit/Timetable';
import type { Queryable } from '../../db/Database';

/** An imported GTFS network: id, producer name (« RATP »), calendar period, and when it was loaded. */
export interface TransitFeed {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  loadedAt: string;
}

/** The network imported for the département (a `gtfs_feeds` row listing it), or `undefined`. */
export async function selectTransitFeed(
  database: Queryable,
  departement: string | undefined,
): Promise<TransitFeed | undefined> {
  if (!departement) return undefined;
  const { rows: tables } = await database.query<{ present: boolean }>(
    `SELECT to_regclass('gtfs_trip_timetables') IS NOT NULL AS present`,
  );
  if (!tables[0]?.present) return undefined;
  const { rows } = await database.query<TransitFeed>(
    `SELECT f.id, f.name, f.feed_start_date AS "startDate", f.feed_end_date AS "endDate", f.loaded_at::text AS "loadedAt"
     FROM gtfs_feeds f
     WHERE $1 = ANY (f.departement_codes) AND f.feed_start_date IS NOT NULL
       AND EXISTS (SELECT 1 FROM gtfs_trip_timetables t WHERE t.feed_id = f.id)
     ORDER BY f.feed_end_date DESC, f.id LIMIT 1`,
    [departement],
  );
  return rows[0];
}

/** The feed's timetable in memory: stops with their stations, trips in patterns, transfers, calendar. */
export async function loadTimetable(database: Queryable, feedId: string): Promise<Timetable> {
  const { rows: stops } = await database.query<{
    id: string;
    name: string | null;
    longitude: number;
    latitude: number;
    station: string | null;
  }>(
    `SELECT stop_id AS id, stop_name AS name, stop_lon AS longitude, stop_lat AS latitude, station_id AS station
     FROM gtfs_stops WHERE feed_id = $1 AND stop_lat IS NOT NULL AND coalesce(location_type, 0) = 0
     ORDER BY stop_id`,
    [feedId],
  );
  // Arrays as text (parsed here: three times faster than the drivers' array parsing for ≈ 3 M times);
  // departures only where they differ from arrivals (never, in RATP's métro timetables).
  const { rows: tripRows } = await database.query<{
    id: string;
    service: string;
    stops: string;
    arrivals: string;
    departures: string | null;
  }>(
    `SELECT trip_id AS id, service_id AS service, array_to_string(stop_ids, E'\\x1f', '') AS stops,
            array_to_string(arrival_seconds, ' ', 'n') AS arrivals,
            CASE WHEN departure_seconds = arrival_seconds THEN NULL
                 ELSE array_to_string(departure_seconds, ' ', 'n') END AS departures
     FROM gtfs_trip_timetables WHERE feed_id = $1`,
    [feedId],
  );
  const times = (text: string) => (text.includes('n') ? null : text.split(' ').map(Number));
  const trips = tripRows.map((row) => {
    const arrivals = times(row.arrivals);
    return {
      id: row.id,
      service: row.service,
      stops: row.stops.split('\x1f'),
      arrivals,
      departures: row.departures === null ? arrivals : times(row.departures),
    };
  });
  const { rows: transfers } = await database.query<{ from: string; to: string; seconds: number | null }>(
    `SELECT from_stop_id AS "from", to_stop_id AS "to", min_transfer_time AS seconds
     FROM gtfs_transfers WHERE feed_id = $1 AND transfer_type IN (0, 1, 2)`,
    [feedId],
  );
  const { rows: calendar } = await database.query<{
    id: string;
    weekdays: number[];
    start: string;
    end: string;
  }>(
    `SELECT service_id AS id, ARRAY[monday, tuesday, wednesday, thursday, friday, saturday, sunday]::int[] AS weekdays,
            start_date AS start, end_date AS end
     FROM gtfs_calendar WHERE feed_id = $1`,
    [feedId],
  );
  const { rows: exceptions } = await database.query<{ id: string; date: string; type: number }>(
    `SELECT service_id AS id, date, exception_type AS type FROM gtfs_calendar_dates WHERE feed_id = $1`,
    [feedId],
  );
  const services = new Map<string, TimetableServiceRecord & { addedDates: string[]; removedDates: string[] }>();
  for (const row of calendar) {
    services.set(row.id, {
      id: row.id,
      weekdays: row.weekdays.map((flag) => Number(flag) === 1),
      startDate: row.start,
      endDate: row.end,
      addedDates: [],
      removedDates: [],
    });
  }
  for (const row of exceptions) {
    let service = services.get(row.id);
    if (!service) {
      service = { id: row.id, weekdays: [], startDate: null, endDate: null, addedDates: [], removedDates: [] };
      services.set(row.id, service);
    }
    (Number(row.type) === 1 ? service.addedDates : service.removedDates).push(row.date);
  }
  const known = new Set(stops.map((stop) => stop.id));
  return buildTimetable({
    stops: stops.map((stop) => ({
      id: stop.id,
      name: stop.name ?? stop.id,
      longitude: stop.longitude,
      latitude: stop.latitude,
      stationId: stop.station ?? stop.id,
    })),
    // A trip with a stop time without time (to be interpolated) or an unlocated stop is left out.
    trips: trips.flatMap((trip) =>
      trip.arrivals && trip.departures && trip.stops.every((stop) => known.has(stop))
        ? [
            {
              id: trip.id,
              serviceId: trip.service,
              stopIds: trip.stops,
              arrivals: trip.arrivals,
              departures: trip.departures,
            },
          ]
        : [],
    ),
    transfers: transfers
      .filter((transfer) => transfer.seconds !== null)
      .map((transfer) => ({ fromStopId: transfer.from, toStopId: transfer.to, seconds: transfer.seconds as number })),
    services: [...services.values()],
  });
}
