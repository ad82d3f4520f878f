-- Which contour a commune or département is drawn and analysed with: the union of its IRIS where the IRIS
-- contours are loaded ('iris', edition in outline_vintage), else IGN Admin Express ('admin-express').
-- The legal population of a commune (COG) carries its millésime.
ALTER TABLE communes ADD COLUMN outline_source text NOT NULL DEFAULT 'admin-express'
  CHECK (outline_source IN ('admin-express', 'iris'));
ALTER TABLE communes ADD COLUMN outline_vintage text;
ALTER TABLE communes ADD COLUMN population_vintage smallint;
ALTER TABLE departements ADD COLUMN outline_source text NOT NULL DEFAULT 'admin-express'
  CHECK (outline_source IN ('admin-express', 'iris'));
ALTER TABLE departements ADD COLUMN outline_vintage text;

-- Filosofi at commune level (INSEE, revenus disponibles, one vintage per file): the published medians and
-- rates of a commune or arrondissement municipal, which IRIS figures cannot be added up to.
CREATE TABLE commune_incomes (
  commune_code text NOT NULL,
  vintage smallint NOT NULL,
  departement_code text NOT NULL,
  tax_households double precision,
  persons double precision,
  median double precision,
  poverty_rate double precision,
  first_decile double precision,
  ninth_decile double precision,
  PRIMARY KEY (commune_code, vintage)
);
CREATE INDEX commune_incomes_departement_index ON commune_incomes (departement_code, vintage);

-- Dependencies (caves, parkings) sold with a mutation: DVF counts their price, never their surface, so the
-- €/m² of an apartment sold with one is overstated; the headline figure keeps the sales without any.
ALTER TABLE dvf_mutations ADD COLUMN dependency_count integer NOT NULL DEFAULT 0;
