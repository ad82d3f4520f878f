-- Public-transport isochrones (engineer "transit"): transfers.txt, stations, and the stop times stored per
-- trip (one row per trip: its stops and times in stop_sequence order, seconds after midnight of the service
-- day, past 24 h after midnight) instead of one row per stop time: RATP's métro alone has 3 million stop
-- times (558 MB as rows, 76 MB as arrays), and the in-memory timetable loads them in one pass.
DROP TABLE gtfs_stop_times;

CREATE TABLE gtfs_transfers (
  feed_id text NOT NULL,
  from_stop_id text NOT NULL,
  to_stop_id text NOT NULL,
  transfer_type smallint NOT NULL,
  min_transfer_time integer
);
CREATE UNIQUE INDEX gtfs_transfers_stops_index ON gtfs_transfers (feed_id, from_stop_id, to_stop_id);

-- The station of a stop: its parent_station, else the first (by id) same-name stop within 300 m.
ALTER TABLE gtfs_stops ADD COLUMN station_id text;

CREATE TABLE gtfs_trip_timetables (
  feed_id text NOT NULL,
  trip_id text NOT NULL,
  route_id text NOT NULL,
  service_id text NOT NULL,
  stop_ids text[] NOT NULL,
  stop_sequences integer[] NOT NULL,
  arrival_seconds integer[] NOT NULL,
  departure_seconds integer[] NOT NULL
);
CREATE UNIQUE INDEX gtfs_trip_timetables_id_index ON gtfs_trip_timetables (feed_id, trip_id);
