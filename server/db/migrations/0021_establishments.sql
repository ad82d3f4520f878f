-- Établissements (engineer "points"): Sirene rows (source 'sirene') or, where no Sirene file exists,
-- demo establishments derived from the BPE counts (source 'demo-bpe', bpe_type set). Column names follow
-- ../shared DATA_CONTRACT.
CREATE TABLE establishments (
  siret text PRIMARY KEY,
  siren text,
  nic text,
  denomination text,
  enseigne text,
  adresse text,
  code_postal text,
  commune_code text,
  departement_code text,
  naf_code text,
  tranche_effectifs text,
  etat text CHECK (etat IN ('A', 'F')),
  date_creation date,
  longitude float8,
  latitude float8,
  geometry geometry(Point, 4326),
  iris_code text,
  source text NOT NULL CHECK (source IN ('sirene', 'demo-bpe')),
  bpe_type text
);
CREATE INDEX establishments_departement_index ON establishments (departement_code, source);
CREATE INDEX establishments_geometry_index ON establishments USING gist (geometry);
CREATE INDEX establishments_naf_index ON establishments (naf_code);
CREATE INDEX establishments_iris_index ON establishments (iris_code);
