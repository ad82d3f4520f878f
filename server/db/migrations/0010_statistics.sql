-- Statistical tables (engineer "import-statistics"): IRIS contours, INSEE IRIS bases, BPE counts,
-- NAF rév. 2 and France Travail job seekers. Column names follow ../shared DATA_CONTRACT.

-- IRIS contours (IGN CONTOURS-IRIS), WGS84. type: H habitat, A activité, D divers, Z commune non découpée.
CREATE TABLE iris (
  code text PRIMARY KEY CHECK (length(code) = 9),
  name text NOT NULL,
  type text CHECK (type IN ('H', 'A', 'D', 'Z')),
  commune_code text NOT NULL,
  commune_name text,
  departement_code text NOT NULL,
  area_km2 double precision NOT NULL,
  centroid geometry(Point, 4326) NOT NULL,
  geometry geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX iris_departement_index ON iris (departement_code);
CREATE INDEX iris_geometry_index ON iris USING gist (geometry);

-- INSEE IRIS bases, long format: one row per base × vintage × IRIS; "values" maps INSEE's own column
-- names to the published numbers (null where INSEE publishes no figure).
CREATE TABLE insee_iris_statistics (
  base text NOT NULL,
  vintage smallint NOT NULL,
  iris_code text NOT NULL CHECK (length(iris_code) = 9),
  commune_code text NOT NULL,
  departement_code text NOT NULL,
  "values" jsonb NOT NULL,
  PRIMARY KEY (base, vintage, iris_code)
);
CREATE INDEX insee_iris_statistics_iris_index ON insee_iris_statistics (iris_code);
CREATE INDEX insee_iris_statistics_departement_index ON insee_iris_statistics (departement_code, base, vintage);

-- Base permanente des équipements: number of equipments per IRIS and type.
CREATE TABLE bpe_equipment_counts (
  vintage smallint NOT NULL,
  iris_code text NOT NULL CHECK (length(iris_code) = 9),
  commune_code text NOT NULL,
  departement_code text NOT NULL,
  equipment_type text NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (vintage, iris_code, equipment_type)
);
CREATE INDEX bpe_equipment_counts_departement_index ON bpe_equipment_counts (departement_code, vintage);

-- BPE nomenclature (types d'équipements, domaines A–G, sous-domaines).
CREATE TABLE bpe_equipment_types (
  code text PRIMARY KEY,
  label text NOT NULL,
  domain text NOT NULL,
  domain_label text NOT NULL,
  subdomain text NOT NULL,
  subdomain_label text NOT NULL
);

-- NAF rév. 2, five levels; codes 'A', '01', '01.1', '01.11', '01.11Z'.
CREATE TABLE naf_codes (
  code text PRIMARY KEY,
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 5),
  label text NOT NULL,
  label_65 text NOT NULL,
  label_40 text NOT NULL,
  parent_code text REFERENCES naf_codes (code) DEFERRABLE INITIALLY DEFERRED,
  section_code text NOT NULL
);
CREATE INDEX naf_codes_parent_index ON naf_codes (parent_code);

-- Job seekers registered at France Travail (DEFM) per commune, period and category
-- ('A', 'B', 'C', 'ABC', 'D', 'E'); count NULL where France Travail masks the figure (secret statistique).
CREATE TABLE job_seekers (
  commune_code text NOT NULL,
  commune_name text,
  departement_code text NOT NULL,
  period text NOT NULL,
  category text NOT NULL CHECK (category IN ('A', 'B', 'C', 'ABC', 'D', 'E')),
  count integer CHECK (count >= 0),
  PRIMARY KEY (commune_code, period, category)
);
CREATE INDEX job_seekers_departement_index ON job_seekers (departement_code, period);
