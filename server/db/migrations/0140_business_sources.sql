-- Establishments from several real sources (Sirene, OpenStreetMap restaurants, APUR BDCOM food shops, the
-- Ville de Paris list of shops) next to the BPE demo rows.
-- * `siret` stays the identity column: a real SIRET when the source gives one, else a stable source id
--   (`osm:node/123`, `apur-bdcom:42`, `paris-commercants:<recordid>`, `DEMO-…`).
-- * `source_vintage` is the vintage shown next to every establishment; `source_activity` the source's own
--   activity (cuisine tag, BDCOM code and label, type de commerce) from which the NAF code was mapped.
-- * `duplicate_of`: the same business already held by another source (name similarity + distance); the row
--   is kept (both sources shown) but counted once, through its primary row.
-- * `search_text` = lower(unaccent(name, enseigne)) for the fuzzy name search, kept by a trigger.
-- * `establishment_family_coverage`: the NAF codes an exhaustive real source covers in a département
--   (OSM restaurants → 56.10A, BDCOM → the food-shop codes); the demo rows of those codes are not counted there.
ALTER TABLE establishments DROP CONSTRAINT IF EXISTS establishments_source_check;
ALTER TABLE establishments ADD CONSTRAINT establishments_source_check
  CHECK (source IN ('sirene', 'demo-bpe', 'osm', 'apur-bdcom', 'paris-commercants'));
ALTER TABLE establishments
  ADD COLUMN source_vintage text,
  ADD COLUMN source_activity text,
  ADD COLUMN duplicate_of text,
  ADD COLUMN search_text text;

CREATE FUNCTION establishments_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(unaccent(concat_ws(' ', NEW.denomination, NEW.enseigne)));
  RETURN NEW;
END
$$;
CREATE TRIGGER establishments_search_text_trigger BEFORE INSERT OR UPDATE OF denomination, enseigne
  ON establishments FOR EACH ROW EXECUTE FUNCTION establishments_search_text();

CREATE TABLE establishment_family_coverage (
  departement_code text NOT NULL,
  naf_code text NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (departement_code, naf_code, source)
);

-- What every count and list uses: one row per business (duplicates folded into their primary row) and no
-- demo row where a real source covers its NAF class.
CREATE VIEW counted_establishments AS
  SELECT e.* FROM establishments e
  WHERE e.duplicate_of IS NULL
    AND NOT (e.source = 'demo-bpe' AND EXISTS (
      SELECT 1 FROM establishment_family_coverage c
      WHERE c.departement_code = e.departement_code AND c.naf_code = e.naf_code));

CREATE INDEX establishments_duplicate_index ON establishments (duplicate_of) WHERE duplicate_of IS NOT NULL;
CREATE INDEX establishments_search_index ON establishments USING gin (search_text gin_trgm_ops);
CREATE INDEX establishments_commune_index ON establishments (commune_code);
