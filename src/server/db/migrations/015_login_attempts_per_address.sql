-- An account's failed sign-ins remember the address they came from (plugins/login-throttle.ts):
-- the per-account limit counts per (account, address), so a stranger's failures from one address
-- no longer lock the owner out from another. Rows written before have no address: they count
-- towards the account's total only, until they leave the window (15 minutes).
ALTER TABLE login_attempts ADD COLUMN address text;
CREATE INDEX login_attempts_pair_idx ON login_attempts (key, address, at DESC)
  WHERE kind = 'account_failure';
