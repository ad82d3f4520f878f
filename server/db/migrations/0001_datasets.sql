-- What each import loaded: one row per source, territory and vintage.
CREATE TABLE datasets (
  source text NOT NULL,
  territory text NOT NULL,
  vintage text NOT NULL,
  label text NOT NULL,
  row_count integer NOT NULL,
  checksum text NOT NULL,
  files jsonb NOT NULL DEFAULT '[]'::jsonb,
  duration_ms integer NOT NULL,
  demo boolean NOT NULL DEFAULT false,
  loaded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source, territory, vintage)
);
