-- Public services (engineer "points"): Annuaire de l'administration ('annuaire'), BPE equipment types of
-- the public-service families placed at BAN addresses of their IRIS ('bpe', demo positions) and the Paris
-- schools file ('ecoles'). Column names follow ../shared DATA_CONTRACT; families in
-- kernel/public-services/publicServiceFamilies.ts.
CREATE TABLE public_services (
  id text PRIMARY KEY,
  name text NOT NULL,
  family text NOT NULL,
  type_code text,
  type_label text,
  address text,
  code_postal text,
  commune_code text,
  departement_code text,
  iris_code text,
  geometry geometry(Point, 4326),
  source text NOT NULL CHECK (source IN ('annuaire', 'bpe', 'ecoles')),
  details jsonb
);
CREATE INDEX public_services_departement_index ON public_services (departement_code, family);
CREATE INDEX public_services_geometry_index ON public_services USING gist (geometry);
