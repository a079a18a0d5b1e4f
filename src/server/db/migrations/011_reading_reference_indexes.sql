-- Deleting a user sets entered_by to NULL on the readings they entered, and deleting an
-- attachment (a device's photos go with the device) sets attachment_id to NULL: without an index
-- each of those foreign-key actions read every reading of every tenant. Only manual readings name
-- either, so partial indexes stay small and bulk ingest adds no entries to them.
CREATE INDEX readings_entered_by_idx ON readings (entered_by) WHERE entered_by IS NOT NULL;
CREATE INDEX readings_attachment_idx ON readings (attachment_id) WHERE attachment_id IS NOT NULL;
