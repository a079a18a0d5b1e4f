-- Reports in half-hour zones (India, Iran, Newfoundland, central Australia) have every bucket edge
-- on a half hour, and each edge read the readings of that half hour device by device: a month
-- over 1,000 devices is some 55,000 index probes. Each hourly row now also keeps the rise over its
-- first half, so the rise over (h, h + 30 min] is that column and over (h + 30 min, h + 1 hour] the
-- rest of the row. Kept by insertReadings like the other rollup columns.
ALTER TABLE readings_hourly ADD COLUMN kwh_first_half double precision NOT NULL DEFAULT 0;

-- Existing rows, as insertReadings would have kept them (hour h holds h < ts <= h + 1 hour).
UPDATE readings_hourly h SET kwh_first_half = s.kwh
FROM (
  SELECT device_id, date_bin('1 hour', ts - interval '1 microsecond', timestamptz '2000-01-01 00:00:00+00') AS hour,
         sum(delta_kwh) AS kwh
  FROM readings
  WHERE reading_type = 'energy_kwh' AND delta_kwh IS NOT NULL
    AND ts - date_bin('1 hour', ts - interval '1 microsecond', timestamptz '2000-01-01 00:00:00+00') <= interval '30 minutes'
  GROUP BY 1, 2
) s
WHERE h.device_id = s.device_id AND h.hour = s.hour;
