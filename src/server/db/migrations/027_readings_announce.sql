-- Live events (issue 34): readings are announced by a trigger, as every other change is (018,
-- 023, 024), whoever stores them: ingest, a manual reading, the simulator, an import. Until now
-- insertReadings announced them itself. Per INSERT statement, the newest energy reading of each
-- device: one event per device however many readings the statement holds (insertReadings stores
-- a batch in one statement). A reading's 150-odd bytes: 40 per NOTIFY stay well under its
-- 8,000-byte limit. Sent when the transaction commits, never if it rolls back.
CREATE FUNCTION readings_announce() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  chunk text;
BEGIN
  FOR chunk IN
    SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'reading',
             'g', n.group_id, 'd', n.device_id,
             -- As JavaScript's toISOString() writes it, whatever the session's TimeZone: the
             -- event hub compares these as text to keep a device's newest.
             'ts', to_char(n.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'k', n.kwh, 's', n.source) ORDER BY n.k)::text
    FROM (
      SELECT newest.*, row_number() OVER () AS k
      FROM (
        SELECT DISTINCT ON (r.device_id) r.device_id, r.group_id, r.ts, r.kwh, r.source
        FROM new_rows r
        WHERE r.reading_type = 'energy_kwh'
        ORDER BY r.device_id, r.ts DESC
      ) newest
    ) n
    GROUP BY (n.k - 1) / 40
  LOOP
    PERFORM pg_notify('live_events', chunk);
  END LOOP;
  RETURN NULL;
END
$$;
CREATE TRIGGER readings_announce AFTER INSERT ON readings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION readings_announce();
