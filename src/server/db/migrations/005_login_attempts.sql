-- Sign-in throttling shared by every replica: each attempt and each (provisional) failure is a
-- row, counted per account and per client address over a sliding window. Owner-only, like the
-- session tables: the sign-in code runs in system transactions.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('account_failure', 'address_failure', 'address_attempt')),
  key text NOT NULL CHECK (length(key) <= 320),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_key_idx ON login_attempts (kind, key, at DESC);
CREATE INDEX login_attempts_at_idx ON login_attempts (at);
