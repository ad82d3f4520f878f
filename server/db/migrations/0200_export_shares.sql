-- Shareable read-only links of an export: a frozen snapshot of the chosen figures (zones, metrics with their
-- labels, units, sources and vintages, the date frozen) that anyone holding the link may read without an
-- account. The row is found by the SHA-256 of the link's token; the token itself is only shown to its creator.
CREATE TABLE export_shares (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  snapshot jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null: the link does not expire.
  expires_at timestamptz
);
CREATE INDEX export_shares_user_index ON export_shares (user_id, created_at);
