-- Core schema: tenants (groups), people, sessions, device inventory, readings and the tables the
-- notifications and attachments features build on. Every tenant table carries group_id and has a
-- row-level security policy; the app runs tenant work as the non-superuser role app_user.

-- Roles are cluster-wide: create app_user only if it is missing (and survive a concurrent creator).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;

-- The tenant of the current transaction; NULL when none is set (system work, or all groups).
CREATE FUNCTION app_group_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.group_id', true), '')::uuid
$$;

-- Elevated users without a group header see every tenant.
CREATE FUNCTION app_scope_all() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.scope_all', true), '') = 'on'
$$;

CREATE FUNCTION app_user_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.user_id', true), '')::uuid
$$;

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  description text CHECK (length(description) <= 500),
  -- IANA name: device lists' "today" figures are computed in it.
  timezone text NOT NULL DEFAULT 'UTC',
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX groups_name_key ON groups (lower(name));

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  full_name text CHECK (length(full_name) <= 200),
  role text NOT NULL CHECK (role IN ('developer', 'superuser', 'admin', 'user')),
  group_id uuid REFERENCES groups (id) ON DELETE RESTRICT,
  password_hash text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
  -- group_id may be NULL for admin and user accounts too: deleting a group unassigns its members
  -- (contract deleteGroup), who then see nothing. Creating such accounts is refused in the API.
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_group_id_idx ON users (group_id);

-- A session is one sign-in: the family of refresh tokens that rotate from it.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);

CREATE TABLE user_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  theme text NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
  timezone text NOT NULL DEFAULT 'UTC',
  week_start text NOT NULL DEFAULT 'sunday' CHECK (week_start IN ('sunday', 'monday')),
  month_start_day integer NOT NULL DEFAULT 1 CHECK (month_start_day BETWEEN 1 AND 28),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Device models: group_id NULL is the shared catalogue every tenant can read.
CREATE TABLE device_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid REFERENCES groups (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  manufacturer text NOT NULL,
  -- [{name, description, measurements: [reading type names]}]: the ingest adapters it supports.
  handlers jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(handlers) = 'array'),
  handler_info jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX device_models_name_key
  ON device_models (coalesce(group_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(manufacturer), lower(name));

CREATE TABLE devices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE RESTRICT,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  serial_number text NOT NULL CHECK (length(serial_number) BETWEEN 1 AND 64),
  location text CHECK (length(location) <= 200),
  description text CHECK (length(description) <= 1000),
  device_model_id uuid REFERENCES device_models (id) ON DELETE SET NULL,
  handler text CHECK (length(handler) <= 64),
  status text NOT NULL DEFAULT 'unknown' CHECK (status IN ('online', 'offline', 'unknown')),
  last_seen timestamptz,
  -- Energy reading statistics, kept by insertReadings so lists need not scan readings.
  reading_count bigint NOT NULL DEFAULT 0,
  first_reading_at timestamptz,
  last_reading_at timestamptz,
  latest_kwh double precision,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT devices_serial_key UNIQUE (group_id, serial_number)
);
CREATE INDEX devices_group_name_idx ON devices (group_id, lower(name), id);

-- Devices per group and status, kept by a trigger: list totals and group counts without a scan
-- (PGlite runs on the main thread, and counting 10,000 rows per request would stall it).
CREATE TABLE device_counts (
  group_id uuid PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  total integer NOT NULL DEFAULT 0,
  online integer NOT NULL DEFAULT 0,
  offline integer NOT NULL DEFAULT 0
);

CREATE FUNCTION devices_count_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE device_counts SET total = total - 1,
      online = online - (OLD.status = 'online')::int, offline = offline - (OLD.status = 'offline')::int
    WHERE group_id = OLD.group_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO device_counts AS c (group_id, total, online, offline)
    VALUES (NEW.group_id, 1, (NEW.status = 'online')::int, (NEW.status = 'offline')::int)
    ON CONFLICT (group_id) DO UPDATE SET total = c.total + 1,
      online = c.online + (NEW.status = 'online')::int, offline = c.offline + (NEW.status = 'offline')::int;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER devices_count AFTER INSERT OR DELETE OR UPDATE OF group_id, status ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_count_changed();

CREATE TABLE device_status_history (
  id bigserial PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('online', 'offline', 'unknown')),
  previous_status text,
  reason text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_status_history_device_idx ON device_status_history (device_id, changed_at DESC);

-- Files (manual-reading photos) kept by a storage backend; the row says where.
CREATE TABLE attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  reading_id bigint,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  storage_key text NOT NULL,
  entered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  entered_by_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_device_idx ON attachments (device_id, created_at DESC);

-- Cumulative meter readings. delta_kwh is the rise since the device's previous reading of the same
-- type (NULL for the first). A reset (status 'reset' declared by the sender, or a drop below the
-- previous value) restarts the count: delta is the new value and is_reset is set.
-- No foreign keys on device_id/group_id: their per-row checks halve ingest speed. insertReadings
-- takes both from the devices table, and deleting a device deletes its readings explicitly.
CREATE TABLE readings (
  id bigserial PRIMARY KEY,
  group_id uuid NOT NULL,
  device_id uuid NOT NULL,
  reading_type text NOT NULL DEFAULT 'energy_kwh',
  ts timestamptz NOT NULL,
  kwh double precision NOT NULL CHECK (kwh >= 0 AND kwh < 'Infinity'::float8),
  delta_kwh double precision,
  is_reset boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT 'meter' CHECK (source IN ('meter', 'manual', 'bulk')),
  status text NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'estimated', 'manual', 'reset')),
  entered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  entered_by_name text,
  note text CHECK (length(note) <= 500),
  attachment_id uuid REFERENCES attachments (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Ingest is idempotent: a device's reading of a type is keyed by its timestamp.
  CONSTRAINT readings_device_type_ts_key UNIQUE (device_id, reading_type, ts)
);
CREATE INDEX readings_group_ts_idx ON readings (group_id, ts);

-- Hourly rollup of energy_kwh readings, kept on ingest. The row for hour h holds the readings with
-- h < ts <= h + 1 hour: with readings on the quarter hours that is exactly the rise across [h, h+1h].
CREATE TABLE readings_hourly (
  device_id uuid NOT NULL,
  group_id uuid NOT NULL,
  hour timestamptz NOT NULL,
  kwh double precision NOT NULL,
  reading_count integer NOT NULL,
  resets integer NOT NULL DEFAULT 0,
  first_ts timestamptz NOT NULL,
  last_ts timestamptz NOT NULL,
  last_kwh double precision NOT NULL,
  PRIMARY KEY (device_id, hour)
);
CREATE INDEX readings_hourly_group_hour_idx ON readings_hourly (group_id, hour);

CREATE TABLE notification_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  alert_type text NOT NULL CHECK (alert_type IN ('DEVICE_OFFLINE', 'CONSUMPTION_THRESHOLD')),
  -- Devices watched; empty means every device of the group.
  device_ids uuid[] NOT NULL DEFAULT '{}',
  offline_after_minutes integer CHECK (offline_after_minutes BETWEEN 5 AND 10080),
  threshold_value double precision CHECK (threshold_value >= 0),
  unit text,
  "window" text CHECK ("window" IN ('HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY')),
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_triggered_at timestamptz,
  CONSTRAINT notification_rules_shape CHECK (
    (alert_type = 'DEVICE_OFFLINE' AND offline_after_minutes IS NOT NULL)
    OR (alert_type = 'CONSUMPTION_THRESHOLD' AND threshold_value IS NOT NULL AND unit IS NOT NULL AND "window" IS NOT NULL))
);
CREATE UNIQUE INDEX notification_rules_name_key ON notification_rules (group_id, lower(name));
CREATE INDEX notification_rules_active_idx ON notification_rules (group_id) WHERE is_active;

CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  rule_id uuid REFERENCES notification_rules (id) ON DELETE SET NULL,
  -- Notifications already sent stay when their device is deleted.
  device_id uuid REFERENCES devices (id) ON DELETE SET NULL,
  event_type text NOT NULL,
  template_id text,
  template_version integer,
  format_version integer NOT NULL DEFAULT 1,
  title text NOT NULL,
  message text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The condition this alert is about; one open alert per condition until it clears.
  condition_key text,
  cleared_at timestamptz,
  triggered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_group_idx ON notifications (group_id, triggered_at DESC);
CREATE UNIQUE INDEX notifications_open_condition_key ON notifications (condition_key) WHERE cleared_at IS NULL;

CREATE TABLE notification_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at timestamptz,
  delivered_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_deliveries_key UNIQUE (notification_id, user_id)
);
CREATE INDEX notification_deliveries_user_idx ON notification_deliveries (user_id, delivered_at DESC);

-- Row-level security. Tenant tables: the transaction's group, or everything for scope_all.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'devices', 'device_counts', 'device_status_history', 'attachments', 'readings',
    'readings_hourly', 'notification_rules', 'notifications', 'notification_deliveries']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (app_scope_all() OR group_id = app_group_id()) '
      'WITH CHECK (app_scope_all() OR group_id = app_group_id())', t);
  END LOOP;
END
$$;

ALTER TABLE groups ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON groups
  USING (app_scope_all() OR id = app_group_id())
  WITH CHECK (app_scope_all() OR id = app_group_id());

-- The shared catalogue is readable by every tenant, writable only by its owner (or scope_all).
ALTER TABLE device_models ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_read ON device_models FOR SELECT
  USING (group_id IS NULL OR app_scope_all() OR group_id = app_group_id());
CREATE POLICY tenant_write ON device_models FOR ALL
  USING (app_scope_all() OR group_id = app_group_id())
  WITH CHECK (app_scope_all() OR group_id = app_group_id());

-- Preferences belong to one person.
ALTER TABLE user_preferences ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON user_preferences
  USING (user_id = app_user_id() OR app_scope_all()) WITH CHECK (user_id = app_user_id() OR app_scope_all());

-- Users can always read their own row (e.g. an elevated user scoped to one group).
CREATE POLICY own_row ON users FOR SELECT USING (id = app_user_id());

-- Deliveries are the recipient's own, whatever the role (the feed is always the signed-in user's).
CREATE POLICY own_deliveries ON notification_deliveries AS RESTRICTIVE
  USING (user_id = app_user_id()) WITH CHECK (true);
