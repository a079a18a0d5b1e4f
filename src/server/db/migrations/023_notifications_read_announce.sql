-- Live events (issue 23): marking notifications read is announced to their user with the new
-- unread count, so the bell and the list follow in every tab and on every device the user has
-- open, not only in the one that marked them. One event per user per statement ('Mark all read'
-- of a thousand deliveries is one event). Transition tables cannot go with a column list, so the
-- trigger fires on every UPDATE and keeps the rows whose read_at went from null to a time.
CREATE FUNCTION notifications_read_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'notifications.read',
             'g', readers.group_id, 'u', readers.user_id,
             'c', (SELECT count(*) FROM notification_deliveries d
                   WHERE d.user_id = readers.user_id AND d.read_at IS NULL)))::text
    FROM (
      SELECT DISTINCT ON (n.user_id) n.user_id, n.group_id, row_number() OVER () AS k
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE o.read_at IS NULL AND n.read_at IS NOT NULL
      ORDER BY n.user_id
    ) readers
    GROUP BY (readers.k - 1) / 30
  LOOP
    PERFORM pg_notify('live_events', chunk);
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_read_announce AFTER UPDATE ON notification_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_read_announce();
