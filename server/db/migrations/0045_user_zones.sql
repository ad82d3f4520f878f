-- Spec §3/§4/§5: the analysis zones a visitor keeps. An owner is either a signed-in user
-- (owner_kind 'user', owner_id = the user's id once accounts exist) or an anonymous visitor
-- (owner_kind 'anonymous', owner_id = the value of the `anonymous_zone_id` cookie). A zone id is
-- chosen by the client ('region-11', a UUID…) and is unique per owner only.
CREATE TABLE user_zones (
  owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'anonymous')),
  owner_id text NOT NULL,
  id text NOT NULL,
  name text NOT NULL,
  address text NOT NULL DEFAULT '',
  longitude double precision NOT NULL,
  latitude double precision NOT NULL,
  transport_mode text NOT NULL CHECK (transport_mode IN ('driving', 'walking', 'cycling', 'public-transport')),
  travel_time integer NOT NULL,
  zone_type text NOT NULL CHECK (zone_type IN ('time', 'distance')),
  zone_distance integer NOT NULL,
  departure_time timestamptz,
  -- The GeoJSON Feature or FeatureCollection as the client sent it (properties kept).
  geometry_geojson jsonb NOT NULL,
  -- The same shape as a PostGIS geometry (first feature of a collection), for spatial work.
  geometry geometry(Geometry, 4326) NOT NULL,
  color text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_kind, owner_id, id)
);
CREATE INDEX user_zones_owner_created_index ON user_zones (owner_kind, owner_id, created_at);
CREATE INDEX user_zones_geometry_index ON user_zones USING gist (geometry);
