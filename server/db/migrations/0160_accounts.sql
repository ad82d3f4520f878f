-- Accounts: users, their server-side sessions, single-use e-mail tokens, monthly usage, Pro API keys
-- and the payment provider's events already handled (idempotency).
CREATE TABLE users (
  id text PRIMARY KEY,
  -- Lower-cased and trimmed at the door: one account per address.
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  first_name text,
  last_name text,
  is_verified boolean NOT NULL DEFAULT false,
  tier text NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'light', 'pro')),
  -- The payment provider's view of the subscription ('none' while on the free tier).
  subscription_status text NOT NULL DEFAULT 'none',
  payment_provider text,
  payment_customer_id text,
  payment_subscription_id text,
  trial_ends_at timestamptz,
  current_period_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_payment_customer_index ON users (payment_customer_id);

-- A session is known by the SHA-256 of its cookie value; the value itself is never stored.
CREATE TABLE user_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text
);
CREATE INDEX user_sessions_user_index ON user_sessions (user_id);

-- E-mail verification and password reset links: hashed, single-use, expiring.
CREATE TABLE user_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'password-reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX user_tokens_user_index ON user_tokens (user_id, purpose);

-- What a user consumed in a calendar month ('2026-11'), for the tier quotas.
CREATE TABLE user_usage (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month text NOT NULL,
  zones_created integer NOT NULL DEFAULT 0,
  exports integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month)
);

-- Pro REST API keys, known by the SHA-256 of the key; `prefix` is what the list shows.
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user_index ON api_keys (user_id);

-- Events of the payment provider already applied: a replayed event changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  user_id text,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
