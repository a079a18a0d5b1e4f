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
): Promise<void> {
  await db.query(
    `INSERT INTO devices (group_id, name, serial_number)
     SELECT $1, 'Fleet meter ' || lpad(i::text, 4, '0'), 'FL-' || i FROM generate_series(1, $2::int) AS i`,
    [groupId, size],
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
