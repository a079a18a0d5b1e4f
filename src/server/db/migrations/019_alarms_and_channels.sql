-- Alarms that people can take and that leave the system (issue 24).
--
-- A rule raises an alarm per device and condition; the alarm is active, then maybe acknowledged,
-- and cleared when the condition ends (cleared_by 'auto') or by hand (cleared_by a user's id).
-- Raising and clearing write one outbox row per channel of the rule in the same transaction; the
-- outbox worker sends them (e-mail over SMTP, Standard Webhooks) with retries, once across
-- replicas. Every table carries group_id and the tenant policy of migration 001.

ALTER TABLE notification_rules
  ADD COLUMN severity text NOT NULL DEFAULT 'warning' CHECK (severity IN ('info', 'warning', 'critical')),
  -- Channels the rule sends its alarms to; a deleted channel leaves the list (trigger below).
  ADD COLUMN channel_ids uuid[] NOT NULL DEFAULT '{}';

CREATE TABLE notification_channels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('email', 'webhook')),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  addresses text[] NOT NULL DEFAULT '{}',
  url text,
  -- whsec_ + base64 of 32 random bytes; shown once, kept to sign every delivery.
  secret text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_channels_shape CHECK (
    (type = 'email' AND cardinality(addresses) > 0 AND url IS NULL AND secret IS NULL)
    OR (type = 'webhook' AND cardinality(addresses) = 0 AND url IS NOT NULL AND secret IS NOT NULL))
);
CREATE UNIQUE INDEX notification_channels_name_key ON notification_channels (group_id, lower(name));

CREATE TABLE alarms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  rule_id uuid REFERENCES notification_rules (id) ON DELETE SET NULL,
  -- A deleted device takes its alarms with it (a moved one leaves them in the old tenant).
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  -- offline:<rule>:<device> or threshold:<rule>:<device>: one open alarm per condition.
  condition_key text NOT NULL,
  alert_type text NOT NULL CHECK (alert_type IN ('DEVICE_OFFLINE', 'CONSUMPTION_THRESHOLD')),
  severity text NOT NULL CHECK (severity IN ('info', 'warning', 'critical')),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'acknowledged', 'cleared')),
  rule_name text NOT NULL,
  title text NOT NULL,
  message text NOT NULL,
  -- The alert's values when it was raised (the template params of the notification).
  "values" jsonb NOT NULL DEFAULT '{}'::jsonb,
  raised_at timestamptz NOT NULL,
  acknowledged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  acknowledged_at timestamptz,
  acknowledgement_note text CHECK (length(acknowledgement_note) <= 500),
  cleared_at timestamptz,
  -- 'auto' when the condition ended, otherwise the id of the user who cleared it.
  cleared_by text,
  CONSTRAINT alarms_acknowledged CHECK (CASE state WHEN 'active' THEN acknowledged_at IS NULL
    WHEN 'acknowledged' THEN acknowledged_at IS NOT NULL ELSE true END),
  CONSTRAINT alarms_cleared CHECK ((state = 'cleared') = (cleared_at IS NOT NULL AND cleared_by IS NOT NULL))
);
CREATE UNIQUE INDEX alarms_open_condition ON alarms (condition_key) WHERE state <> 'cleared';
CREATE INDEX alarms_group_idx ON alarms (group_id, raised_at DESC);
CREATE INDEX alarms_device_open_idx ON alarms (device_id) WHERE state <> 'cleared';

-- "Not for this device until": the evaluator raises nothing for the rule and device before it.
CREATE TABLE alarm_snoozes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  rule_id uuid NOT NULL REFERENCES notification_rules (id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  until timestamptz NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT alarm_snoozes_key UNIQUE (rule_id, device_id)
);

-- The outbox: what leaves the system, written with its cause, sent by the worker.
CREATE TABLE channel_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  channel_id uuid NOT NULL REFERENCES notification_channels (id) ON DELETE CASCADE,
  alarm_id uuid REFERENCES alarms (id) ON DELETE SET NULL,
  event text NOT NULL CHECK (event IN ('raise', 'clear', 'test')),
  -- The webhook body (and what the e-mail says), fixed when the event happened.
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Also the lease of a claimed row: a worker that dies mid-send leaves it due again then.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  response_code integer,
  error text,
  -- Standard Webhooks' idempotency key: the same on every retry of this delivery.
  webhook_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX channel_deliveries_due_idx ON channel_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX channel_deliveries_channel_idx ON channel_deliveries (channel_id, created_at DESC);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['notification_channels', 'alarms', 'alarm_snoozes', 'channel_deliveries']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id())) '
      'WITH CHECK ((SELECT app_scope_all()) OR group_id = (SELECT app_group_id()))', t);
  END LOOP;
END
$$;

-- Wakes the outbox worker of every replica when rows are queued (delivered at commit).
CREATE FUNCTION channel_deliveries_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('channel_outbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER channel_deliveries_queued AFTER INSERT ON channel_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION channel_deliveries_queued();

-- A deleted channel leaves the rules that named it.
CREATE FUNCTION notification_channels_leave_rules() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE notification_rules SET channel_ids = array_remove(channel_ids, OLD.id)
  WHERE group_id = OLD.group_id AND OLD.id = ANY (channel_ids);
  RETURN NULL;
END
$$;
CREATE TRIGGER notification_channels_leave_rules AFTER DELETE ON notification_channels
  FOR EACH ROW EXECUTE FUNCTION notification_channels_leave_rules();
