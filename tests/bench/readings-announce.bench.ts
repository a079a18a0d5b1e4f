/**
 * Benchmark (issue 34): what announcing readings to the live stream costs, now that a trigger
 * does it (migration 027) instead of insertReadings' own statement. Where the time goes, per 5,000-reading batch (1,000 devices x 5): the trigger's
 * own time from EXPLAIN ANALYZE of the insert, against the old announce statement's server time
 * (EXPLAIN ANALYZE) and its wall time from this thread (round trip and parameters included).
 *
 *   npx tsx tests/bench/readings-announce.bench.ts   ROUNDS=10 KINDS=pglite,postgres
 */
import { SYSTEM } from '~/server/db/database.ts'
import { benchTenant, openBenchDatabase, type Kind } from './support/kit.ts'

const Q = 15 * 60_000
const ROUNDS = Number(process.env.ROUNDS ?? 10)
for (const kind of (process.env.KINDS ?? 'pglite,postgres').split(',') as Kind[]) {
  const bench = await openBenchDatabase(kind)
  const groupId = await benchTenant(bench.db, 'A', 'a@bench.test')
  const devices = (
    await bench.db.query<{ id: string }>(
      `INSERT INTO devices (group_id, name, serial_number)
       SELECT $1, 'M' || i, 'S' || i FROM generate_series(1, 1000) AS i RETURNING id`,
      [groupId],
    )
  ).rows.map((r) => r.id)
  const T0 = Math.floor(Date.now() / Q) * Q - 1000 * 5 * Q
  const trigger: number[] = []
  const insertTotal: number[] = []
  const oldServer: number[] = []
  const oldWall: number[] = []
  for (let k = 0; k < ROUNDS; k++) {
    const ids: string[] = []
    const ts: string[] = []
    const kwh: number[] = []
    for (let s = 0; s < 5; s++)
      devices.forEach((d, i) => {
        ids.push(d)
        ts.push(new Date(T0 + (k * 5 + s) * Q).toISOString())
        kwh.push(1000 + (k * 5 + s) * (0.1 + (i % 50) / 100))
      })
    await bench.db.transaction(SYSTEM, async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) INSERT INTO readings (group_id, device_id, ts, kwh)
         SELECT $1, * FROM unnest($2::uuid[], $3::timestamptz[], $4::float8[])`,
        [groupId, ids, ts, kwh],
      )
      const raw = rows[0]!['QUERY PLAN']
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
        'Execution Time': number
        Triggers?: Array<{ 'Trigger Name': string; Time: number }>
      }>
      trigger.push(plan[0]!.Triggers!.find((t) => t['Trigger Name'] === 'readings_announce')!.Time)
      insertTotal.push(plan[0]!['Execution Time'])
      // The old in-repository announcement of the same batch (newest per device), verbatim.
      const newest = new Map<string, number>()
      ids.forEach((d, i) => newest.set(d, i))
      const list = [...newest.values()]
      const params = [
        list.map((i) => ids[i]),
        list.map(() => groupId),
        list.map((i) => ts[i]),
        list.map((i) => kwh[i]),
        list.map(() => 'bulk'),
      ]
      const text = `SELECT pg_notify('live_events', chunk) FROM (
       SELECT json_agg(json_build_object('i', nextval('live_event_seq'), 't', 'reading',
                'g', r.g, 'd', r.d, 'ts', r.ts, 'k', r.k, 's', r.s) ORDER BY r.n)::text AS chunk
       FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[])
            WITH ORDINALITY AS r(d, g, ts, k, s, n)
       GROUP BY (r.n - 1) / 40
     ) chunks`
      const explained = await tx.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
        params,
      )
      const raw2 = explained.rows[0]!['QUERY PLAN']
      const plan2 = (typeof raw2 === 'string' ? JSON.parse(raw2) : raw2) as Array<{
        'Execution Time': number
      }>
      oldServer.push(plan2[0]!['Execution Time'])
      const start = performance.now()
      await tx.query(text, params)
      oldWall.push(performance.now() - start)
    })
  }
  const median = (xs: number[]) =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1)
  console.log(
    `${kind}, ${ROUNDS} batches of 5,000: insert ${median(insertTotal)} ms of which trigger ${median(trigger)} ms; old announce statement ${median(oldServer)} ms in the database, ${median(oldWall)} ms wall from Node (medians)`,
  )
  await bench.dispose()
}
process.exit(0)
