/**
 * A fleet of meters with hourly readings, written by SQL as ingest would leave them, for the
 * benchmarks that read consumption (consumption.bench.ts, cost.bench.ts): inserting millions of
 * readings through `insertReadings` would take the run's hour.
 */
import type { Database } from '~/server/db/database.ts'

const HOUR_MS = 3_600_000
/** Readings are written a month at a time: one statement for 8.8 million rows holds them all in one sort. */
const CHUNK_HOURS = 24 * 31

/**
 * `size` devices in the group, each with a reading every hour from `start` for `hours` hours
 * (a steady rise of 0.5-2.5 kWh an hour per device), the hourly and daily rollups with their
 * counts, each day's running kWh by half hour (migration 025), the devices' statistics, and the
 * tables vacuumed and analysed, as autovacuum would leave them after such a load.
 */
export async function hourlyFleet(
  db: Database,
  groupId: string,
  size: number,
  start: Date,
  hours: number,
  options: { twoWay?: boolean; serialPrefix?: string } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO devices (group_id, name, serial_number)
     SELECT $1, 'Fleet meter ' || lpad(i::text, 4, '0'), $3 || '-' || i FROM generate_series(1, $2::int) AS i`,
    [groupId, size, options.serialPrefix ?? 'FL'],
  )
  // Time-major, as ingest writes them; each reading comes an hour after the one before (a gap).
  for (let from = 0; from <= hours; from += CHUNK_HOURS) {
    await db.query(
      `INSERT INTO readings (group_id, device_id, ts, kwh, delta_kwh, source)
       SELECT d.group_id, d.id, $2::timestamptz + s.i * interval '1 hour', 1000 + s.i * d.rate,
              CASE WHEN s.i = 0 THEN NULL ELSE d.rate END, 'mqtt'
       FROM (SELECT id, group_id, 0.5 + (abs(hashtext(id::text)) % 100) / 50.0 AS rate
             FROM devices WHERE group_id = $1) d
       CROSS JOIN generate_series($3::int, $4::int) AS s(i)
       ORDER BY s.i`,
      [groupId, start.toISOString(), from, Math.min(hours, from + CHUNK_HOURS - 1)],
    )
  }
  // The hourly row's first half (h, h + 30 min] holds no reading on the hour: 0.
  for (const [table, unit, extra] of [
    ['readings_hourly', 'hour', ', kwh_first_half'],
    ['readings_daily', 'day', ''],
  ]) {
    await db.query(
      `INSERT INTO ${table} (device_id, group_id, ${unit}, kwh, reading_count, resets, gaps, estimated, first_ts, last_ts, last_kwh${extra})
       SELECT device_id, group_id, date_bin('1 ${unit}', ts - interval '1 microsecond', timestamptz '2000-01-01 00:00:00+00'),
              coalesce(sum(delta_kwh), 0), count(*), 0, count(*), 0, min(ts), max(ts), max(kwh)${extra && ', 0'}
       FROM readings WHERE group_id = $1 GROUP BY 1, 2, 3 ORDER BY 3, 1`,
      [groupId],
    )
  }
  await runningHalfHours(db, groupId, start, hours)
  if (options.twoWay) await exportAndQuarters(db, groupId, hours)
  await db.query(
    `UPDATE devices d SET reading_count = s.n, first_reading_at = s.first, last_reading_at = s.last,
            latest_kwh = s.kwh, last_seen = s.last
     FROM (SELECT device_id, count(*) AS n, min(ts) AS first, max(ts) AS last, max(kwh) AS kwh
           FROM readings WHERE group_id = $1 GROUP BY device_id) s
     WHERE d.id = s.device_id`,
    [groupId],
  )
  // The half hours' update left a dead version of every daily row: ingest, which writes them in
  // place over a day, leaves no such table. Then the visibility map set, as index-only scans need.
  await db.exec('VACUUM FULL readings_daily')
  await db.exec('VACUUM ANALYZE')
}

/** Each day's running kWh by half hour from its hourly rows, as migration 025 fills them; a month at a time. */
async function runningHalfHours(db: Database, groupId: string, start: Date, hours: number) {
  const dayBefore = start.getTime() - 24 * HOUR_MS
  for (let from = 0; from <= hours; from += CHUNK_HOURS) {
    await db.query(
      `UPDATE readings_daily d SET kwh_running = s.running
       FROM (
         SELECT device_id, day, array_agg(kwh ORDER BY i) AS running
         FROM (
           SELECT g.device_id, g.day, g.i,
                  sum(coalesce(CASE WHEN g.i % 2 = 0 THEN h.kwh_first_half ELSE h.kwh - h.kwh_first_half END, 0))
                    OVER (PARTITION BY g.device_id, g.day ORDER BY g.i) AS kwh
           FROM (SELECT device_id, day, i FROM readings_daily CROSS JOIN generate_series(0, 47) AS i
                 WHERE group_id = $1 AND day >= $2::timestamptz AND day < $3::timestamptz) g
           LEFT JOIN readings_hourly h ON h.device_id = g.device_id AND h.hour = g.day + (g.i / 2) * interval '1 hour'
         ) halves
         GROUP BY device_id, day
       ) s
       WHERE d.device_id = s.device_id AND d.day = s.day`,
      [
        groupId,
        new Date(dayBefore + from * HOUR_MS).toISOString(),
        new Date(dayBefore + (from + CHUNK_HOURS) * HOUR_MS).toISOString(),
      ],
    )
  }
}

/**
 * Two-way meters read every quarter hour, as far as the report reads them (issue 35): an export
 * register of 30 % of the import (its readings beside the import ones, the rollups' export
 * columns and running sums), and each day's 96 quarters (the hour's kWh spread with a midday
 * bump, so each day has a peak) with their derived peak, as ingest keeps them.
 */
async function exportAndQuarters(db: Database, groupId: string, hours: number) {
  for (let from = 0; from <= hours; from += CHUNK_HOURS) {
    await db.query(
      `INSERT INTO readings (group_id, device_id, ts, kwh, delta_kwh, source, reading_type)
       SELECT group_id, device_id, ts, kwh * 0.3, delta_kwh * 0.3, source, 'export_kwh'
       FROM readings WHERE group_id = $1 AND reading_type = 'energy_kwh'
         AND ts >= (SELECT min(ts) FROM readings WHERE group_id = $1) + $2::int * interval '1 hour'
         AND ts < (SELECT min(ts) FROM readings WHERE group_id = $1) + $3::int * interval '1 hour'
       ORDER BY ts`,
      [groupId, from, from + CHUNK_HOURS],
    )
  }
  await db.query(
    `UPDATE readings_hourly SET export_kwh = kwh * 0.3, export_first_half = kwh_first_half * 0.3,
            export_reading_count = reading_count WHERE group_id = $1`,
    [groupId],
  )
  await db.query(
    `UPDATE readings_daily d SET export_kwh = d.kwh * 0.3, export_reading_count = d.reading_count,
            export_running = (SELECT array_agg(x * 0.3 ORDER BY i) FROM unnest(d.kwh_running) WITH ORDINALITY AS u(x, i)),
            quarter_kwh = q.kwh, quarter_covered_ms = array_fill(900000, ARRAY[96]),
            quarter_straddles = array_fill(0::smallint, ARRAY[96])
     FROM (SELECT r.device_id, r.day,
                  array_agg(r.kwh / 96 * (1 + 0.5 * sin(pi() * i / 96)) ORDER BY i) AS kwh
           FROM readings_daily r CROSS JOIN generate_series(0, 95) AS i
           WHERE r.group_id = $1 GROUP BY r.device_id, r.day) q
     WHERE d.group_id = $1 AND d.device_id = q.device_id AND d.day = q.day`,
    [groupId],
  )
  await db.query(
    `UPDATE readings_daily d
     SET (peak_quarter_kwh, peak_quarter, peak_estimated, quarters_with_data) =
         (SELECT p.peak_kwh, p.peak_quarter, p.estimated, p.with_data
          FROM quarter_peak(d.quarter_kwh, d.quarter_covered_ms, d.quarter_straddles) p)
     WHERE d.group_id = $1`,
    [groupId],
  )
  await db.query('UPDATE devices SET has_export = true WHERE group_id = $1', [groupId])
}
