-- The live event stream (issue 23, modules/events). What changes is announced on channel
-- live_events when its transaction commits, to every replica listening on this database, as a
-- JSON array of small events (under NOTIFY's 8,000-byte limit). Each event takes its id from
-- live_event_seq: ids are unique across replicas, and every replica hears the events in the same
-- (commit) order, so an id names the same place in every replica's replay buffer.
-- Readings are announced by insertReadings (one event per device and batch); the triggers below
-- announce status changes, new notification deliveries and device edits, whoever makes them.
CREATE SEQUENCE live_event_seq;

-- device.status: a status change is a history row (status-repository.ts and any later writer).
CREATE FUNCTION device_status_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'device.status',
             'g', n.group_id, 'd', n.device_id, 'st', n.status, 'ls', n.changed_at))::text
    FROM (SELECT *, row_number() OVER () AS k FROM new_rows) n
    GROUP BY (n.k - 1) / 30
  LOOP
    PERFORM pg_notify('live_events', chunk);
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER device_status_announce AFTER INSERT ON device_status_history
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_status_announce();

-- notification: a new delivery, with its user's unread count (all groups). SECURITY DEFINER: the
-- count is the user's whatever scope the inserting transaction runs under.
CREATE FUNCTION notification_delivery_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'notification',
             'g', latest.group_id, 'u', latest.user_id, 'n', latest.notification_id,
             'c', (SELECT count(*) FROM notification_deliveries d
                   WHERE d.user_id = latest.user_id AND d.read_at IS NULL)))::text
    FROM (
      SELECT DISTINCT ON (r.user_id) r.user_id, r.notification_id, r.group_id,
             row_number() OVER () AS k
      FROM new_rows r
      ORDER BY r.user_id, r.delivered_at DESC
    ) latest
    GROUP BY (latest.k - 1) / 30
  LOOP
    PERFORM pg_notify('live_events', chunk);
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER notification_delivery_announce AFTER INSERT ON notification_deliveries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notification_delivery_announce();

-- device.changed / device.deleted: registration, edits and moves (ingest's statistics and status
-- columns are not listed, so readings do not fire it), deletion. A move names both groups.
CREATE FUNCTION device_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('live_events', json_build_array(json_build_object('i', nextval('live_event_seq'),
      't', 'device.deleted', 'g', OLD.group_id, 'd', OLD.id))::text);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('live_events', json_build_array(json_build_object('i', nextval('live_event_seq'),
      't', 'device.changed', 'g', NEW.group_id, 'd', NEW.id))::text);
  ELSE
    PERFORM pg_notify('live_events', json_build_array(json_build_object('i', nextval('live_event_seq'),
      't', 'device.changed', 'g', NEW.group_id, 'og', OLD.group_id, 'd', NEW.id))::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER device_announce_insert_delete AFTER INSERT OR DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION device_announce();
CREATE TRIGGER device_announce_update
  AFTER UPDATE OF name, serial_number, location, description, device_model_id, handler, group_id, metadata
  ON devices FOR EACH ROW EXECUTE FUNCTION device_announce();
