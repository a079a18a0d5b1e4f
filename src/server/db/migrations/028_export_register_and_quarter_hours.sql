-- Two-way meters and peak demand (issue 35).
--
-- 1. The export register. A reading may carry a meter's cumulative exported energy beside its
--    imported kWh: insertReadings stores it as its own series (reading_type 'export_kwh', the
--    same device and ts), with the import register's rules (delta_kwh, resets). Its rollups sit
--    beside the import columns of the same rows, kept the same way: `export_kwh` and
--    `export_reading_count` in both, the hour's first half (h, h + 30 min] in
--    `export_first_half`, the day's running sums by UTC half hour in `export_running` (as
--    `kwh_running`, 025). All default to 0: a meter that only imports costs nothing more.
--    `devices.has_export` turns true with a device's first export reading; until then readers
--    answer no export figures (null), not zeros.
ALTER TABLE readings_hourly
  ADD COLUMN export_kwh double precision NOT NULL DEFAULT 0,
  ADD COLUMN export_first_half double precision NOT NULL DEFAULT 0,
  ADD COLUMN export_reading_count integer NOT NULL DEFAULT 0;

ALTER TABLE readings_daily
  ADD COLUMN export_kwh double precision NOT NULL DEFAULT 0,
  ADD COLUMN export_running double precision[] NOT NULL DEFAULT array_fill(0::float8, ARRAY[48]),
  ADD COLUMN export_reading_count integer NOT NULL DEFAULT 0;

ALTER TABLE devices ADD COLUMN has_export boolean NOT NULL DEFAULT false;

-- 2. Quarter hours of the import register, for peak demand (the highest quarter-hour kWh x 4 on
--    the UTC quarter-hour grid). Each import reading b after a spreads its delta_kwh uniformly
--    over (a.ts, b.ts], the register read as rising linearly between them, but only when
--    b.ts - a.ts <= 15 minutes: readings further apart say nothing of the quarters between them.
--    Quarter k of UTC day d is [d + 15k min, d + 15(k + 1) min) (k from 0; element k + 1 of the
--    arrays). Per quarter, additively:
--      quarter_kwh         kWh received: the sum of delta * overlap / (b.ts - a.ts);
--      quarter_covered_ms  milliseconds covered by such intervals: 900,000 means the quarter is
--                          whole ("has data"), anything less that its kWh is partial;
--      quarter_straddles   intervals that overlap it with one of its edges strictly inside
--                          (a < edge < b): its kWh is then an estimate (its edges fell between
--                          readings), exact when 0 (readings on both edges).
--    The arrays stay NULL until some interval of the day is short enough (an hourly meter's days
--    keep them NULL). A reading's spread can reach into the previous day's row (00:05 after
--    23:55). Derived from the arrays, kept by insertReadings in the same statement (a new row's
--    from its change, a stored row's from the old peak and the quarters it touches; see
--    `peakSet`) and equal to quarter_peak() of the arrays below:
--      peak_quarter_kwh    the highest kWh of the whole quarters; NULL when none is whole;
--      peak_quarter        its index k (0..95), the earliest on ties; NULL when none;
--      peak_estimated      whether that quarter has straddles; NULL when none;
--      quarters_with_data  how many quarters are whole (0..96).
ALTER TABLE readings_daily
  ADD COLUMN quarter_kwh double precision[],
  ADD COLUMN quarter_covered_ms integer[],
  ADD COLUMN quarter_straddles smallint[],
  ADD COLUMN peak_quarter_kwh double precision,
  ADD COLUMN peak_quarter smallint,
  ADD COLUMN peak_estimated boolean,
  ADD COLUMN quarters_with_data smallint NOT NULL DEFAULT 0;

-- Ingest reads and writes these arrays element by element in every push (kwh_running's 48 and
-- each quarter touched, several times over per row): stored compressed, each reference decompressed
-- them again (a 1,000-device push's daily upsert took 4 times as long). Never compressed, a day's
-- row of a quarter-hour meter is ~1.9 kB, inline. export_running stays compressible: all zeros
-- for a meter that only imports, read only by batches with export readings.
ALTER TABLE readings_daily
  ALTER COLUMN kwh_running SET STORAGE PLAIN,
  ALTER COLUMN quarter_kwh SET STORAGE PLAIN,
  ALTER COLUMN quarter_covered_ms SET STORAGE PLAIN,
  ALTER COLUMN quarter_straddles SET STORAGE PLAIN;

-- The peak of a day's quarter arrays (see above); readers of other periods may use it too.
CREATE FUNCTION quarter_peak(kwh double precision[], covered_ms integer[], straddles smallint[],
  OUT peak_kwh double precision, OUT peak_quarter smallint, OUT estimated boolean, OUT with_data smallint)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (array_agg(q.k ORDER BY q.k DESC, q.i))[1],
         (array_agg(q.i - 1 ORDER BY q.k DESC, q.i))[1]::smallint,
         (array_agg(q.s > 0 ORDER BY q.k DESC, q.i))[1],
         count(*)::smallint
  FROM unnest(kwh, covered_ms, straddles) WITH ORDINALITY AS q(k, m, s, i)
  WHERE q.m = 900000
$$;

-- Backfill: the readings already stored, as insertReadings would have kept them.
UPDATE devices d SET has_export = true
WHERE EXISTS (SELECT FROM readings r WHERE r.device_id = d.id AND r.reading_type = 'export_kwh');

UPDATE readings_hourly h SET export_kwh = s.kwh, export_first_half = s.first_half, export_reading_count = s.n
FROM (
  SELECT device_id, hour, coalesce(sum(delta_kwh), 0) AS kwh,
         coalesce(sum(delta_kwh) FILTER (WHERE ts <= hour + interval '30 minutes'), 0) AS first_half,
         count(*)::int AS n
  FROM (
    SELECT device_id, ts, delta_kwh, date_trunc('hour', ts - interval '1 microsecond', 'UTC') AS hour
    FROM readings WHERE reading_type = 'export_kwh'
  ) r
  GROUP BY device_id, hour
) s
WHERE h.device_id = s.device_id AND h.hour = s.hour;

UPDATE readings_daily d SET export_kwh = s.kwh, export_reading_count = s.n, export_running = s.running
FROM (
  SELECT device_id, day, sum(kwh) AS kwh, sum(n)::int AS n,
         array_agg(running ORDER BY i) AS running
  FROM (
    SELECT g.device_id, g.day, g.i, coalesce(r.kwh, 0) AS kwh, coalesce(r.n, 0) AS n,
           sum(coalesce(r.kwh, 0)) OVER (PARTITION BY g.device_id, g.day ORDER BY g.i) AS running
    FROM (
      SELECT DISTINCT device_id, date_trunc('day', ts - interval '1 microsecond', 'UTC') AS day
      FROM readings WHERE reading_type = 'export_kwh'
    ) days
    CROSS JOIN LATERAL (SELECT days.device_id, days.day, i FROM generate_series(0, 47) AS i) g
    LEFT JOIN (
      -- Half hour i of day d holds d + i * 30 min < ts <= d + (i + 1) * 30 min.
      SELECT device_id, day, (ceil(extract(epoch FROM ts - day) / 1800) - 1)::int AS i,
             coalesce(sum(delta_kwh), 0) AS kwh, count(*) AS n
      FROM (
        SELECT device_id, ts, delta_kwh, date_trunc('day', ts - interval '1 microsecond', 'UTC') AS day
        FROM readings WHERE reading_type = 'export_kwh'
      ) e
      GROUP BY 1, 2, 3
    ) r ON r.device_id = g.device_id AND r.day = g.day AND r.i = g.i
  ) halves
  GROUP BY device_id, day
) s
WHERE d.device_id = s.device_id AND d.day = s.day;

-- Each short interval's share of each quarter it overlaps, in epoch milliseconds as ingest counts.
CREATE TEMPORARY TABLE quarter_cells ON COMMIT DROP AS
WITH steps AS (
  SELECT device_id, delta_kwh,
         (extract(epoch FROM lag(ts) OVER (PARTITION BY device_id ORDER BY ts)) * 1000)::bigint AS a,
         (extract(epoch FROM ts) * 1000)::bigint AS b
  FROM readings WHERE reading_type = 'energy_kwh'
), shares AS (
  SELECT s.device_id, q.start, s.delta_kwh * o.overlap::float8 / (s.b - s.a)::float8 AS kwh, o.overlap,
         ((s.a < q.start AND q.start < s.b) OR (s.a < q.start + 900000 AND q.start + 900000 < s.b))::int AS straddles
  FROM steps s
  CROSS JOIN LATERAL generate_series((s.a / 900000) * 900000, s.b - 1, 900000) AS q(start)
  CROSS JOIN LATERAL (SELECT least(s.b, q.start + 900000) - greatest(s.a, q.start) AS overlap) o
  WHERE s.delta_kwh IS NOT NULL AND s.b - s.a BETWEEN 1 AND 900000 AND o.overlap > 0
)
SELECT device_id, (start / 86400000) * 86400000 AS day_ms, ((start % 86400000) / 900000)::int AS i,
       sum(kwh) AS kwh, sum(overlap)::int AS covered_ms, sum(straddles)::int AS straddles
FROM shares GROUP BY 1, 2, 3;

UPDATE readings_daily d SET quarter_kwh = s.kwh, quarter_covered_ms = s.covered_ms, quarter_straddles = s.straddles,
  (peak_quarter_kwh, peak_quarter, peak_estimated, quarters_with_data) =
    (SELECT p.peak_kwh, p.peak_quarter, p.estimated, p.with_data FROM quarter_peak(s.kwh, s.covered_ms, s.straddles) p)
FROM (
  SELECT g.device_id, g.day_ms,
         array_agg(coalesce(c.kwh, 0) ORDER BY g.i) AS kwh,
         array_agg(coalesce(c.covered_ms, 0) ORDER BY g.i) AS covered_ms,
         array_agg(coalesce(c.straddles, 0)::smallint ORDER BY g.i) AS straddles
  FROM (
    SELECT days.device_id, days.day_ms, q.i
    FROM (SELECT DISTINCT device_id, day_ms FROM quarter_cells) days CROSS JOIN generate_series(0, 95) AS q(i)
  ) g
  LEFT JOIN quarter_cells c ON c.device_id = g.device_id AND c.day_ms = g.day_ms AND c.i = g.i
  GROUP BY g.device_id, g.day_ms
) s
WHERE d.device_id = s.device_id AND d.day = to_timestamp(s.day_ms / 1000);
