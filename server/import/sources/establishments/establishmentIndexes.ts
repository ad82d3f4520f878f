/**
 * The indexes of `establishments`, dropped before an establishments dataset is loaded and rebuilt after
 * it (every establishments importer lists them, so no load pays for index maintenance row by row).
 */
export const ESTABLISHMENT_INDEXES: Readonly<Record<string, string>> = {
  establishments_departement_index:
    'CREATE INDEX establishments_departement_index ON establishments (departement_code, source)',
  establishments_geometry_index: 'CREATE INDEX establishments_geometry_index ON establishments USING gist (geometry)',
  establishments_naf_index: 'CREATE INDEX establishments_naf_index ON establishments (naf_code)',
  establishments_iris_index: 'CREATE INDEX establishments_iris_index ON establishments (iris_code)',
  establishments_commune_index: 'CREATE INDEX establishments_commune_index ON establishments (commune_code)',
  establishments_duplicate_index:
    'CREATE INDEX establishments_duplicate_index ON establishments (duplicate_of) WHERE duplicate_of IS NOT NULL',
  establishments_search_index:
    'CREATE INDEX establishments_search_index ON establishments USING gin (search_text gin_trgm_ops)',
};
