-- Issue 32: a revoked API key stays a row (the API keys list keeps it, marked revoked), with when
-- and by whom. `revoked_by_name` is the revoker as named at the time: an admin cannot read an
-- elevated user's row (row-level security on users), and the account may go later.
ALTER TABLE api_keys
  ADD COLUMN revoked_at timestamptz,
  ADD COLUMN revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN revoked_by_name text,
  ADD CONSTRAINT api_keys_revoked_by_when CHECK (revoked_at IS NOT NULL OR revoked_by IS NULL);
CREATE INDEX api_keys_revoked_by_idx ON api_keys (revoked_by);
