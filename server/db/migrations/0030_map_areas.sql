-- Every area drawn on the map (régions, départements, communes, IRIS) in Web Mercator, with
-- geometries simplified once per zoom band and the common indicators computed once per import.
-- Rebuilt by the derived "indicateurs" import step (server/import/sources/indicators/), never per request.
CREATE TABLE map_areas (
  level text NOT NULL CHECK (level IN ('region', 'departement', 'commune', 'iris')),
  code text NOT NULL,
  name text NOT NULL,
  -- IRIS: commune (arrondissement for Paris); commune: its département; département: its région.
  parent_code text,
  commune_code text,
  commune_name text,
  departement_code text,
  region_code text,
  -- IRIS type H/A/D/Z; commune kind; NULL otherwise.
  kind text,
  -- A commune hidden from the commune layer because its arrondissements municipaux are drawn instead.
  has_arrondissements boolean NOT NULL DEFAULT false,
  area_km2 double precision NOT NULL,
  -- Indicators: NULL when the source is not loaded or does not cover the area, never 0 for "missing".
  population double precision,
  population_vintage smallint,
  -- 'total' (RP population), '2+' (RP population aged 2 or more, diplômes-formation), 'cog' (COG legal population).
  population_scope text,
  population_density double precision,
  median_income double precision,
  income_vintage smallint,
  -- 'filosofi' (published median) or 'iris-weighted' (population-weighted mean of IRIS medians).
  income_method text,
  employment_rate double precision,
  employment_vintage smallint,
  land_value_per_sqm double precision,
  land_value_sales integer,
  residential_sales integer,
  residential_price_avg double precision,
  commercial_sales integer,
  commercial_price_avg double precision,
  commercial_price_per_sqm double precision,
  house_share double precision,
  flat_share double precision,
  housing_vintage smallint,
  business_count integer,
  demo_business_count integer,
  label_point geometry(Point, 3857) NOT NULL,
  -- Full geometry (zoom 11 and above) and simplified copies for zooms 5–6, 7–8 and 9–10.
  geometry geometry(MultiPolygon, 3857) NOT NULL,
  geometry_z6 geometry(MultiPolygon, 3857) NOT NULL,
  geometry_z8 geometry(MultiPolygon, 3857) NOT NULL,
  geometry_z10 geometry(MultiPolygon, 3857) NOT NULL,
  centroid geometry(Point, 4326) NOT NULL,
  PRIMARY KEY (level, code)
);
CREATE INDEX map_areas_geometry_index ON map_areas USING gist (geometry);
CREATE INDEX map_areas_label_point_index ON map_areas USING gist (label_point);

-- Streets of the basemap, from road_edges, in Web Mercator.
CREATE TABLE map_streets (
  id bigint PRIMARY KEY,
  highway text,
  name text,
  network text,
  geometry geometry(LineString, 3857) NOT NULL
);
CREATE INDEX map_streets_geometry_index ON map_streets USING gist (geometry);

-- The one build of map_areas/map_streets: which datasets it was computed from.
CREATE TABLE map_area_builds (
  id smallint PRIMARY KEY CHECK (id = 1),
  datasets_key text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL
);
