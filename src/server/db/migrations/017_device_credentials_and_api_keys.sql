-- Devices and scripts connect on their own (issue 22): a device's access token, API keys for
-- service accounts, and the channel each reading came by.

-- 1. One access token per device. Only its SHA-256 is stored; creating a new one replaces the row
-- (the old token stops working with that commit), deleting the row revokes it. No server caches a
-- verified token: every use looks the row up by device id, so a rotation or revocation acts at
-- once on every replica. group_id follows the device (a composite key, updated when the device
-- moves) so the table has the tenant column and policy every tenant table has.
CREATE UNIQUE INDEX devices_id_group_key ON devices (id, group_id);

CREATE TABLE device_credentials (
  device_id uuid PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL CHECK (length(token_hash) = 32),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CONSTRAINT device_credentials_device_fkey FOREIGN KEY (device_id, group_id)
    REFERENCES devices (id, group_id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX device_credentials_group_idx ON device_credentials (group_id);
CREATE INDEX device_credentials_created_by_idx ON device_credentials (created_by);

ALTER TABLE device_credentials ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON device_credentials
  USING ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()))
  WITH CHECK ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()));

-- 2. API keys: a service account acting with the key's role in the key's group. Admin and user keys
-- have a group; developer and superuser keys have none and, like such a person, see every group
-- or the one their X-Group-ID names. The key is
-- `mdk_<id>_<secret>`: the id finds the row, the secret's SHA-256 is compared. A key lives only
-- while its creator does; the lookup also refuses it once the creator's role or group no longer
-- covers it (api-keys-repository.ts).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid REFERENCES groups (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  role text NOT NULL CHECK (role IN ('developer', 'superuser', 'admin', 'user')),
  secret_hash bytea NOT NULL CHECK (length(secret_hash) = 32),
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  CONSTRAINT api_keys_group_by_role CHECK ((role IN ('developer', 'superuser')) = (group_id IS NULL))
);
CREATE INDEX api_keys_group_idx ON api_keys (group_id, created_at DESC);
CREATE INDEX api_keys_created_by_idx ON api_keys (created_by);

ALTER TABLE api_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON api_keys
  USING ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()))
  WITH CHECK ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()));

-- 3. Which channel a reading came by: MQTT, the device HTTP endpoint, a bulk push, or entered by
-- hand. Every reading before this one came by bulk push (gateways, imports, the demo) or by hand.
ALTER TABLE readings DROP CONSTRAINT readings_source_check;
UPDATE readings SET source = 'bulk' WHERE source NOT IN ('bulk', 'manual');
ALTER TABLE readings ALTER COLUMN source SET DEFAULT 'bulk',
  ADD CONSTRAINT readings_source_check CHECK (source IN ('mqtt', 'http', 'bulk', 'manual'));
