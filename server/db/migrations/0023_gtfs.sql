-- GTFS networks (engineer "points"). Columns keep the GTFS names (https://gtfs.org/schedule/reference/);
-- every row carries its feed. No foreign keys: the importer checks references row by row (file:line)
-- and builds the unique indexes after the load. "A GTFS network is imported for the territory" ⇔ a gtfs_feeds row whose
-- departement_codes contains the zone's département (../shared DATA_CONTRACT).
CREATE TABLE gtfs_feeds (
  id text PRIMARY KEY,
  name text NOT NULL,
  departement_codes text[] NOT NULL DEFAULT '{}',
  feed_start_date date,
  feed_end_date date,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gtfs_agency (
  feed_id text NOT NULL,
  agency_id text NOT NULL,
  agency_name text NOT NULL,
  agency_url text,
  agency_timezone text,
  agency_lang text,
  agency_phone text,
  PRIMARY KEY (feed_id, agency_id)
);

CREATE TABLE gtfs_stops (
  feed_id text NOT NULL,
  stop_id text NOT NULL,
  stop_code text,
  stop_name text,
  stop_desc text,
  stop_lat float8,
  stop_lon float8,
  zone_id text,
  stop_url text,
  location_type smallint,
  parent_station text,
  wheelchair_boarding smallint,
  geometry geometry(Point, 4326)
);
CREATE UNIQUE INDEX gtfs_stops_id_index ON gtfs_stops (feed_id, stop_id);
CREATE INDEX gtfs_stops_geometry_index ON gtfs_stops USING gist (geometry);

CREATE TABLE gtfs_routes (
  feed_id text NOT NULL,
  route_id text NOT NULL,
  agency_id text,
  route_short_name text,
  route_long_name text,
  route_desc text,
  route_type integer NOT NULL,
  route_url text,
  route_color text,
  route_text_color text,
  PRIMARY KEY (feed_id, route_id)
);

CREATE TABLE gtfs_trips (
  feed_id text NOT NULL,
  route_id text NOT NULL,
  service_id text NOT NULL,
  trip_id text NOT NULL,
  trip_headsign text,
  trip_short_name text,
  direction_id smallint,
  block_id text,
  shape_id text,
  wheelchair_accessible smallint
);
CREATE UNIQUE INDEX gtfs_trips_id_index ON gtfs_trips (feed_id, trip_id);
CREATE INDEX gtfs_trips_route_index ON gtfs_trips (feed_id, route_id);

-- Times stay as GTFS writes them ('25:10:00' after midnight); *_seconds are the same in seconds.
CREATE TABLE gtfs_stop_times (
  feed_id text NOT NULL,
  trip_id text NOT NULL,
  arrival_time text,
  departure_time text,
  stop_id text NOT NULL,
  stop_sequence integer NOT NULL,
  stop_headsign text,
  pickup_type smallint,
  drop_off_type smallint,
  shape_dist_traveled float8,
  arrival_seconds integer,
  departure_seconds integer
);
CREATE UNIQUE INDEX gtfs_stop_times_trip_index ON gtfs_stop_times (feed_id, trip_id, stop_sequence);
CREATE INDEX gtfs_stop_times_stop_index ON gtfs_stop_times (feed_id, stop_id);

CREATE TABLE gtfs_calendar (
  feed_id text NOT NULL,
  service_id text NOT NULL,
  monday smallint NOT NULL,
  tuesday smallint NOT NULL,
  wednesday smallint NOT NULL,
  thursday smallint NOT NULL,
  friday smallint NOT NULL,
  saturday smallint NOT NULL,
  sunday smallint NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  PRIMARY KEY (feed_id, service_id)
);

CREATE TABLE gtfs_calendar_dates (
  feed_id text NOT NULL,
  service_id text NOT NULL,
  date date NOT NULL,
  exception_type smallint NOT NULL CHECK (exception_type IN (1, 2)),
  PRIMARY KEY (feed_id, service_id, date)
);
