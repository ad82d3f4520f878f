import type { Queryable } from '../../../db/Database';

/** The tables one network fills (besides `gtfs_feeds`), all keyed by `feed_id`. */
const GTFS_TABLES = [
  'gtfs_agency',
  'gtfs_stops',
  'gtfs_routes',
  'gtfs_trips',
  'gtfs_calendar',
  'gtfs_calendar_dates',
  'gtfs_transfers',
  'gtfs_trip_timetables',
] as const;

/** Indexes dropped during an import and rebuilt after it. */
export const GTFS_INDEXES = {
  gtfs_stops_id_index: 'CREATE UNIQUE INDEX gtfs_stops_id_index ON gtfs_stops (feed_id, stop_id)',
  gtfs_stops_geometry_index: 'CREATE INDEX gtfs_stops_geometry_index ON gtfs_stops USING gist (geometry)',
  gtfs_trips_id_index: 'CREATE UNIQUE INDEX gtfs_trips_id_index ON gtfs_trips (feed_id, trip_id)',
  gtfs_trips_route_index: 'CREATE INDEX gtfs_trips_route_index ON gtfs_trips (feed_id, route_id)',
  gtfs_transfers_stops_index:
    'CREATE UNIQUE INDEX gtfs_transfers_stops_index ON gtfs_transfers (feed_id, from_stop_id, to_stop_id)',
  gtfs_trip_timetables_id_index:
    'CREATE UNIQUE INDEX gtfs_trip_timetables_id_index ON gtfs_trip_timetables (feed_id, trip_id)',
};

/** Removes a network and every row of it. */
export async function deleteFeed(transaction: Queryable, feedId: string): Promise<void> {
  for (const table of GTFS_TABLES) await transaction.query(`DELETE FROM ${table} WHERE feed_id = $1`, [feedId]);
  await transaction.query('DELETE FROM gtfs_feeds WHERE id = $1', [feedId]);
}

/** Records a network before its files are copied (named after its id until {@link describeFeed}). */
export async function insertFeed(transaction: Queryable, feedId: string): Promise<void> {
  await transaction.query('INSERT INTO gtfs_feeds (id, name) VALUES ($1, $1)', [feedId]);
}

/**
 * Gives each stop its station: the parent station, else the first same-name stop within `radiusMetres`
 * (itself at least).
 */
export async function assignStations(transaction: Queryable, feedId: string, radiusMetres: number): Promise<void> {
  await transaction.query(
    `UPDATE gtfs_stops s SET station_id = CASE
       WHEN s.location_type = 1 THEN s.stop_id
       WHEN s.parent_station IS NOT NULL THEN s.parent_station
       ELSE coalesce((SELECT min(o.stop_id) FROM gtfs_stops o
         WHERE o.feed_id = s.feed_id AND o.parent_station IS NULL AND o.stop_name = s.stop_name
           AND coalesce(o.location_type, 0) = 0
           AND ST_DWithin(o.geometry::geography, s.geometry::geography, $2)), s.stop_id) END
     WHERE s.feed_id = $1`,
    [feedId, radiusMetres],
  );
}

/**
 * Completes the network's record: the départements its stops lie in (when the boundaries are loaded, else
 * `departements`), its calendar's first and last service days, and its agencies' names.
 */
export async function describeFeed(
  transaction: Queryable,
  feedId: string,
  departements: readonly string[],
): Promise<void> {
  await transaction.query(
    `UPDATE gtfs_feeds SET
       departement_codes = coalesce(nullif((SELECT array_agg(DISTINCT d.code ORDER BY d.code)
         FROM gtfs_stops s JOIN departements d ON ST_Intersects(d.geometry, s.geometry)
         WHERE s.feed_id = $1), '{}'), $2::text[]),
       feed_start_date = (SELECT min(day) FROM (SELECT start_date AS day FROM gtfs_calendar WHERE feed_id = $1
         UNION ALL SELECT date FROM gtfs_calendar_dates WHERE feed_id = $1 AND exception_type = 1) days),
       feed_end_date = (SELECT max(day) FROM (SELECT end_date AS day FROM gtfs_calendar WHERE feed_id = $1
         UNION ALL SELECT date FROM gtfs_calendar_dates WHERE feed_id = $1 AND exception_type = 1) days),
       name = coalesce((SELECT string_agg(agency_name, ', ' ORDER BY agency_name) FROM gtfs_agency
         WHERE feed_id = $1), $1)
     WHERE id = $1`,
    [feedId, departements],
  );
}
