-- Reports sum the rollup rows of a whole group per hour or day range. With device_id and kwh in
-- the index those scans are index-only (the rows they read are old and all-visible after vacuum):
-- no heap page is visited for the ~100,000 rows of a 1,000-device month.
DROP INDEX readings_hourly_group_hour_idx;
CREATE INDEX readings_hourly_group_hour_idx ON readings_hourly (group_id, hour) INCLUDE (device_id, kwh);
DROP INDEX readings_daily_group_day_idx;
CREATE INDEX readings_daily_group_day_idx ON readings_daily (group_id, day) INCLUDE (device_id, kwh);
