-- Administrative boundaries (IGN Admin Express / COG), WGS84.
CREATE TABLE regions (
  code text PRIMARY KEY,
  name text NOT NULL,
  area_km2 double precision NOT NULL,
  centroid geometry(Point, 4326) NOT NULL,
  geometry geometry(MultiPolygon, 4326) NOT NULL
);

CREATE TABLE departements (
  code text PRIMARY KEY,
  name text NOT NULL,
  region_code text NOT NULL,
  area_km2 double precision NOT NULL,
  centroid geometry(Point, 4326) NOT NULL,
  geometry geometry(MultiPolygon, 4326) NOT NULL
);

-- Communes, and the arrondissements municipaux of Paris (kind 'arrondissement-municipal', parent_code 75056).
CREATE TABLE communes (
  code text PRIMARY KEY,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('commune', 'arrondissement-municipal')),
  parent_code text,
  departement_code text NOT NULL,
  region_code text,
  population integer,
  postcodes text[] NOT NULL DEFAULT '{}',
  area_km2 double precision NOT NULL,
  centroid geometry(Point, 4326) NOT NULL,
  geometry geometry(MultiPolygon, 4326) NOT NULL
);
