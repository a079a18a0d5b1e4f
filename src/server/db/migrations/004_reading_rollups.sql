-- Rollups that let consumption and reports read a few rows per device instead of every reading.
--
-- readings_hourly gains what interval metadata needs: `gaps`, the readings that came more than
-- 22.5 minutes (1.5 quarter-hour cadences) after the reading before them or after the hour's start,
-- whichever is later; and `estimated`, the readings with status 'estimated'. Both are local to the
-- row, so a bucket made of several rows can still be told exactly where its gaps are (the first
-- reading of each row is re-checked against the row before it).
--
-- readings_daily is the same per UTC day (day d holds readings with d < ts <= d + 1 day), so a
-- month costs ~30 rows per device, not ~720. Both are kept by insertReadings.
ALTER TABLE readings_hourly
  ADD COLUMN gaps integer NOT NULL DEFAULT 0,
  ADD COLUMN estimated integer NOT NULL DEFAULT 0;

CREATE TABLE readings_daily (
  device_id uuid NOT NULL,
  group_id uuid NOT NULL,
  day timestamptz NOT NULL,
  kwh double precision NOT NULL,
  reading_count integer NOT NULL,
  resets integer NOT NULL DEFAULT 0,
  gaps integer NOT NULL DEFAULT 0,
  estimated integer NOT NULL DEFAULT 0,
  first_ts timestamptz NOT NULL,
  last_ts timestamptz NOT NULL,
  last_kwh double precision NOT NULL,
  PRIMARY KEY (device_id, day)
);
CREATE INDEX readings_daily_group_day_idx ON readings_daily (group_id, day);

ALTER TABLE readings_daily ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON readings_daily USING (app_scope_all() OR group_id = app_group_id())
  WITH CHECK (app_scope_all() OR group_id = app_group_id());

-- Existing readings: the new columns and table computed once, as insertReadings would have kept them.
CREATE TEMPORARY TABLE energy_readings ON COMMIT DROP AS
  SELECT device_id, group_id, ts, kwh, delta_kwh, is_reset, status,
         date_trunc('hour', ts - interval '1 microsecond', 'UTC') AS hour,
         date_trunc('day', ts - interval '1 microsecond', 'UTC') AS day,
         lag(ts) OVER (PARTITION BY device_id ORDER BY ts) AS prev_ts
  FROM readings WHERE reading_type = 'energy_kwh';

UPDATE readings_hourly h SET gaps = s.gaps, estimated = s.estimated
FROM (
  SELECT device_id, hour,
         count(*) FILTER (WHERE ts - greatest(prev_ts, hour) > interval '22 minutes 30 seconds')::int AS gaps,
         count(*) FILTER (WHERE status = 'estimated')::int AS estimated
  FROM energy_readings GROUP BY device_id, hour
) s
WHERE h.device_id = s.device_id AND h.hour = s.hour;

INSERT INTO readings_daily (device_id, group_id, day, kwh, reading_count, resets, gaps, estimated, first_ts, last_ts, last_kwh)
SELECT device_id, min(group_id::text)::uuid, day, coalesce(sum(delta_kwh), 0), count(*)::int,
       count(*) FILTER (WHERE is_reset)::int,
       count(*) FILTER (WHERE ts - greatest(prev_ts, day) > interval '22 minutes 30 seconds')::int,
       count(*) FILTER (WHERE status = 'estimated')::int,
       min(ts), max(ts), (array_agg(kwh ORDER BY ts DESC))[1]
FROM energy_readings GROUP BY device_id, day;
