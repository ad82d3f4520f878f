-- The routable road network (owner: routing), built by the `roads` importers from OpenStreetMap
-- extracts (.osm.pbf) and the Paris street centre-lines. Nodes are the junctions and dead ends of
-- one network; edges join two nodes along the street's geometry (drawn by the basemap as streets).
-- Speeds are km/h per mode; NULL means the mode may not use the edge. `oneway` = 1 restricts driving
-- to the geometry's direction, `cycling_oneway` likewise for bicycles (OSM oneway:bicycle=no …).
CREATE TABLE road_nodes (
  id bigint PRIMARY KEY,
  network text NOT NULL,
  geometry geometry(Point, 4326) NOT NULL
);
CREATE INDEX road_nodes_network_index ON road_nodes (network);

CREATE TABLE road_edges (
  id bigint PRIMARY KEY,
  source_node bigint NOT NULL,
  target_node bigint NOT NULL,
  length_m double precision NOT NULL,
  highway text,
  name text,
  oneway smallint NOT NULL DEFAULT 0 CHECK (oneway IN (0, 1)),
  cycling_oneway smallint NOT NULL DEFAULT 0 CHECK (cycling_oneway IN (0, 1)),
  driving_speed_kmh real,
  walking_speed_kmh real,
  cycling_speed_kmh real,
  geometry geometry(LineString, 4326) NOT NULL,
  network text NOT NULL
);
CREATE INDEX road_edges_network_index ON road_edges (network);
CREATE INDEX road_edges_geometry_index ON road_edges USING gist (geometry);
