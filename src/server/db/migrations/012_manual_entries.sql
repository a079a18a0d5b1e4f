-- Who entered a manual reading, its note and its photo live beside the reading, not in it. Bulk
-- ingest writes thousands of readings a request and none of these, yet as columns of readings their
-- two foreign keys were checked on every inserted row: 5 ms of a 5,000-reading insert on PostgreSQL,
-- 13 ms on PGlite. reading_id has no foreign key, as attachments.reading_id has none: nothing points
-- at readings, so deleting a device's readings checks nothing; its entries go with the device.
CREATE TABLE manual_entries (
  reading_id bigint PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  device_id uuid NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
  entered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  entered_by_name text,
  note text CHECK (length(note) <= 500),
  attachment_id uuid REFERENCES attachments (id) ON DELETE SET NULL
);
-- The foreign-key actions look entries up by each column.
CREATE INDEX manual_entries_group_idx ON manual_entries (group_id);
CREATE INDEX manual_entries_device_idx ON manual_entries (device_id);
CREATE INDEX manual_entries_entered_by_idx ON manual_entries (entered_by);
CREATE INDEX manual_entries_attachment_idx ON manual_entries (attachment_id);

ALTER TABLE manual_entries ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON manual_entries USING (app_scope_all() OR group_id = app_group_id())
  WITH CHECK (app_scope_all() OR group_id = app_group_id());

INSERT INTO manual_entries (reading_id, group_id, device_id, entered_by, entered_by_name, note, attachment_id)
  SELECT id, group_id, device_id, entered_by, entered_by_name, note, attachment_id FROM readings
  WHERE entered_by IS NOT NULL OR entered_by_name IS NOT NULL OR note IS NOT NULL
    OR attachment_id IS NOT NULL;

-- Their indexes (migration 011) go with them.
ALTER TABLE readings DROP COLUMN entered_by, DROP COLUMN entered_by_name, DROP COLUMN note,
  DROP COLUMN attachment_id;
