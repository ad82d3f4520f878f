-- Base adresse nationale (engineer "points"): the gazetteer for geocoding. Column names follow
-- ../shared DATA_CONTRACT. search_text = lower(unaccent(label)), iris_code = IRIS containing the point,
-- both computed at import.
CREATE TABLE ban_addresses (
  id text PRIMARY KEY,
  numero integer,
  rep text,
  nom_voie text NOT NULL,
  code_postal text,
  code_insee text NOT NULL,
  nom_commune text,
  departement_code text NOT NULL,
  label text NOT NULL,
  search_text text NOT NULL,
  iris_code text,
  geometry geometry(Point, 4326) NOT NULL
);
CREATE INDEX ban_addresses_departement_index ON ban_addresses (departement_code);
CREATE INDEX ban_addresses_code_insee_index ON ban_addresses (code_insee);
CREATE INDEX ban_addresses_geometry_index ON ban_addresses USING gist (geometry);
CREATE INDEX ban_addresses_search_text_index ON ban_addresses USING gin (search_text gin_trgm_ops);
