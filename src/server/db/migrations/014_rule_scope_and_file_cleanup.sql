-- 1. A rule never widens by itself. An empty device_ids means "every device of the group", so
-- pruning a rule's last watched device made it watch them all. Whatever takes a device out of a
-- group (deleting it, moving it, a cascade) now goes through one trigger, in the same transaction:
-- the device leaves every rule of its old group, and a rule that loses its last device is
-- deactivated with the reason, and a notification of it is delivered like an alert.
ALTER TABLE notification_rules ADD COLUMN deactivated_reason text,
  ADD CONSTRAINT notification_rules_reason CHECK (deactivated_reason IS NULL OR NOT is_active);

-- SECURITY DEFINER: the rules of the device's old group change whatever the caller's scope is
-- (a move runs in the new group's scope too); the statement touches only that group's rules.
CREATE FUNCTION devices_leave_rules() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  cause text := CASE TG_OP WHEN 'DELETE' THEN 'deleted' ELSE 'moved to another group' END;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.group_id = OLD.group_id THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    UPDATE notification_rules r SET device_ids = array_remove(r.device_ids, OLD.id), updated_at = now(),
      is_active = r.is_active AND cardinality(array_remove(r.device_ids, OLD.id)) > 0,
      deactivated_reason = CASE WHEN cardinality(array_remove(r.device_ids, OLD.id)) > 0
        THEN r.deactivated_reason
        ELSE format('Its last watched device, %s, was %s.', OLD.name, cause) END
    FROM notification_rules before
    WHERE before.id = r.id AND r.group_id = OLD.group_id AND OLD.id = ANY (r.device_ids)
    RETURNING r.id, r.group_id, r.name, before.is_active AND NOT r.is_active AS deactivated
  ), raised AS (
    -- device_id stays NULL: a deleted device cannot be referenced, a moved one is another tenant's.
    INSERT INTO notifications (group_id, rule_id, event_type, format_version, title, message, params)
    SELECT c.group_id, c.id, 'rule.deactivated.v1', 1, 'Notification rule deactivated',
      format('%s is deactivated: its last watched device, %s, was %s.', c.name, OLD.name, cause),
      jsonb_build_object('rule_id', c.id, 'rule_name', c.name, 'device_id', OLD.id,
        'device_name', OLD.name, 'reason', CASE TG_OP WHEN 'DELETE' THEN 'device_deleted' ELSE 'device_moved' END)
    FROM changed c
    -- A cascade from a deleted group takes its rules and notifications with it.
    WHERE c.deactivated AND EXISTS (SELECT 1 FROM groups g WHERE g.id = c.group_id)
    RETURNING id, group_id, triggered_at
  )
  INSERT INTO notification_deliveries (group_id, notification_id, user_id, delivered_at)
  SELECT n.group_id, n.id, u.id, n.triggered_at FROM raised n
  JOIN users u ON u.is_active AND (u.group_id = n.group_id OR u.role IN ('developer', 'superuser'));
  RETURN NULL;
END
$$;

CREATE TRIGGER devices_leave_rules AFTER DELETE OR UPDATE OF group_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_leave_rules();

-- 2. A stored file goes with its attachment row, whatever deletes the row (a device, a group,
-- a reading). The file cannot go inside the transaction (a rollback would leave a row without
-- its file), so the key is queued here in the same transaction and the file removed after the
-- commit; a crash in between leaves the key queued for the next sweep.
CREATE TABLE file_deletions (
  storage_key text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

-- One row per file, and the sweep looks files up by key.
CREATE UNIQUE INDEX attachments_storage_key ON attachments (storage_key);

CREATE FUNCTION attachments_queue_file() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO file_deletions (storage_key) SELECT storage_key FROM gone ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER attachments_queue_file AFTER DELETE ON attachments
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION attachments_queue_file();

-- A reading's manual entry and photo go with the reading (reading_id has no foreign key, see
-- migration 012). Only manual readings have entries: the WHEN clause keeps the trigger from even
-- being queued for the others (a statement trigger's transition table of a year of readings made
-- a device's deletion 40% slower on PGlite).
CREATE FUNCTION readings_drop_entry() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  WITH entry AS (DELETE FROM manual_entries m WHERE m.reading_id = OLD.id RETURNING m.attachment_id)
  DELETE FROM attachments a USING entry e WHERE a.id = e.attachment_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER readings_drop_entry AFTER DELETE ON readings
  FOR EACH ROW WHEN (OLD.source = 'manual') EXECUTE FUNCTION readings_drop_entry();
