import type { Queryable } from '../../../db/Database';

/** The tables one feed fills, keyed by `feed_id`. */
const GTFS_TABLES = [
  'gtfs_agency',
  'gtfs_stops',
  'gtfs_routes',
  'gtfs_trips',
  'gtfs_stop_times',
  'gtfs_calendar',
  'gtfs_calendar_dates',
] as const;

/** Indexes of the GTFS tables, dropped before a load and built after it. */
export const GTFS_INDEXES = {
  gtfs_stops_id_index: 'CREATE UNIQUE INDEX gtfs_stops_id_index ON gtfs_stops (feed_id, stop_id)',
  gtfs_stops_geometry_index: 'CREATE INDEX gtfs_stops_geometry_index ON gtfs_stops USING gist (geometry)',
  gtfs_trips_id_index: 'CREATE UNIQUE INDEX gtfs_trips_id_index ON gtfs_trips (feed_id, trip_id)',
  gtfs_trips_route_index: 'CREATE INDEX gtfs_trips_route_index ON gtfs_trips (feed_id, route_id)',
  gtfs_stop_times_trip_index:
    'CREATE UNIQUE INDEX gtfs_stop_times_trip_index ON gtfs_stop_times (feed_id, trip_id, stop_sequence)',
  gtfs_stop_times_stop_index: 'CREATE INDEX gtfs_stop_times_stop_index ON gtfs_stop_times (feed_id, stop_id)',
};

/** Removes a feed's rows from every GTFS table, then the feed. */
export async function deleteGtfsFeed(transaction: Queryable, feedId: string): Promise<void> {
  for (const table of GTFS_TABLES) await transaction.query(`DELETE FROM ${table} WHERE feed_id = $1`, [feedId]);
  await transaction.query('DELETE FROM gtfs_feeds WHERE id = $1', [feedId]);
}

/** Records a feed before its files are copied (named after its id until the agencies are known). */
export async function insertGtfsFeed(transaction: Queryable, feedId: string): Promise<void> {
  await transaction.query('INSERT INTO gtfs_feeds (id, name) VALUES ($1, $1)', [feedId]);
}

/**
 * After the load: the départements the stops lie in (when the boundaries are loaded, else the asked
 * ones), the calendar's first and last dates, and the agencies' names.
 */
export async function summariseGtfsFeed(
  transaction: Queryable,
  feedId: string,
  departements: readonly string[],
): Promise<void> {
  await transaction.query(
    `UPDATE gtfs_feeds SET
       departement_codes = coalesce(nullif((SELECT array_agg(DISTINCT d.code ORDER BY d.code)
         FROM gtfs_stops s JOIN departements d ON ST_Intersects(d.geometry, s.geometry)
         WHERE s.feed_id = $1), '{}'), $2::text[]),
       feed_start_date = (SELECT min(start_date) FROM gtfs_calendar WHERE feed_id = $1),
       feed_end_date = (SELECT max(end_date) FROM gtfs_calendar WHERE feed_id = $1),
       name = coalesce((SELECT string_agg(agency_name, ', ' ORDER BY agency_name) FROM gtfs_agency
         WHERE feed_id = $1), $1)
     WHERE id = $1`,
    [feedId, departements],
  );
}
