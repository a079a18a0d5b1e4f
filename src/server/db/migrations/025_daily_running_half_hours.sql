-- Time-of-use cost (issue 26) priced a year's report from the hourly rollups: a weekday's peak and
-- off-peak ranges cut every day at local hours, ~4,700 hourly rows per device and year instead of
-- ~365 daily ones. Each daily row now also keeps the day's running kWh by UTC half hour: element j
-- holds the readings with d < ts <= d + j * 30 min (element 48 is the day's kwh), the same halves
-- as the hourly rows' (h, h + 30 min] and (h + 30 min, h + 1 hour]. Tariff windows are on the local
-- half hour, so the kWh of any part of a whole UTC day priced at one rate is the difference of two
-- elements, and a year of days costs a few sums per device. Kept by insertReadings like the other
-- rollup columns.
ALTER TABLE readings_daily
  ADD COLUMN kwh_running double precision[] NOT NULL DEFAULT array_fill(0::float8, ARRAY[48]);

-- Existing rows, from the hourly rows that insertReadings kept from the same readings (day d holds
-- the hours d to d + 23 hours; half hour i, from 0, is hour i / 2's first or second half).
UPDATE readings_daily d SET kwh_running = s.running
FROM (
  SELECT device_id, day, array_agg(kwh ORDER BY i) AS running
  FROM (
    SELECT g.device_id, g.day, g.i,
           sum(coalesce(CASE WHEN g.i % 2 = 0 THEN h.kwh_first_half ELSE h.kwh - h.kwh_first_half END, 0))
             OVER (PARTITION BY g.device_id, g.day ORDER BY g.i) AS kwh
    FROM (SELECT device_id, day, i FROM readings_daily CROSS JOIN generate_series(0, 47) AS i) g
    LEFT JOIN readings_hourly h ON h.device_id = g.device_id AND h.hour = g.day + (g.i / 2) * interval '1 hour'
  ) halves
  GROUP BY device_id, day
) s
WHERE d.device_id = s.device_id AND d.day = s.day;
