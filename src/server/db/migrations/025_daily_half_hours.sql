-- Time-of-use cost (issue 26) priced a year's report from the hourly rollups: a weekday's peak and
-- off-peak ranges cut every day at local hours, ~4,700 hourly rows per device and year instead of
-- ~365 daily ones. Each daily row now also keeps the day's kWh by UTC half hour: element i + 1
-- holds the readings with d + i * 30 min < ts <= d + (i + 1) * 30 min, the same halves as the
-- hourly rows' (h, h + 30 min] and (h + 30 min, h + 1 hour]. Tariff windows are on the local half
-- hour, so a whole UTC day's cost is its array priced slot by slot. Kept by insertReadings like the
-- other rollup columns.
ALTER TABLE readings_daily
  ADD COLUMN kwh_half_hours double precision[] NOT NULL DEFAULT array_fill(0::float8, ARRAY[48]);

-- Existing rows, from the hourly rows that insertReadings kept from the same readings (day d holds
-- the hours d to d + 23 hours; slot 2k is hour k's first half, 2k + 1 its second); slots without an
-- hourly row stay 0.
UPDATE readings_daily d SET kwh_half_hours = s.slots
FROM (
  SELECT g.device_id, g.day,
         array_agg(coalesce(CASE WHEN g.i % 2 = 0 THEN h.kwh_first_half ELSE h.kwh - h.kwh_first_half END, 0)
                   ORDER BY g.i) AS slots
  FROM (SELECT device_id, day, i FROM readings_daily CROSS JOIN generate_series(0, 47) AS i) g
  LEFT JOIN readings_hourly h ON h.device_id = g.device_id AND h.hour = g.day + (g.i / 2) * interval '1 hour'
  GROUP BY g.device_id, g.day
) s
WHERE d.device_id = s.device_id AND d.day = s.day;
