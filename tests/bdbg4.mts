import { openPglite } from '/work/main/src/server/db/pglite.ts'
const db = await openPglite('/tmp/bdbg3')
await db.exec('VACUUM ANALYZE')
const g = (await db.query<{id:string}>('select id from groups limit 1')).rows[0]!.id
async function time(label: string, sql: string, params: unknown[] = []) {
  for (let i = 0; i < 5; i++) await db.query(sql, params)
  const t0 = performance.now()
  for (let i = 0; i < 50; i++) await db.query(sql, params)
  console.log(label, ((performance.now() - t0) / 50).toFixed(2), 'ms')
}
await time('select 1', 'SELECT 1')
await time('count', 'SELECT count(*)::int FROM devices d WHERE d.group_id = $1::uuid', [g])
await time('page only', 'SELECT d.* FROM devices d WHERE d.group_id = $1::uuid ORDER BY lower(d.name) ASC NULLS LAST, d.id ASC LIMIT 50', [g])
await time('page idx order', 'SELECT d.* FROM devices d WHERE d.group_id = $1::uuid ORDER BY lower(d.name) ASC, d.id ASC LIMIT 50', [g])
await time('page+lateral', `SELECT d.*, t.today_kwh FROM (SELECT d.* FROM devices d WHERE d.group_id = $1::uuid ORDER BY lower(d.name) ASC, d.id ASC LIMIT 50) d JOIN groups g ON g.id = d.group_id LEFT JOIN LATERAL (SELECT CASE WHEN count(*) = 0 THEN NULL ELSE round(greatest(coalesce(sum(r.delta_kwh), 0), 0)::numeric, 3)::float8 END AS today_kwh FROM readings r WHERE r.device_id = d.id AND r.reading_type = 'energy_kwh' AND r.ts > (date_trunc('day', now() AT TIME ZONE g.timezone) AT TIME ZONE g.timezone)) t ON true`, [g])
const plan = await db.query(`EXPLAIN ANALYZE SELECT count(*)::int FROM devices d WHERE d.group_id = $1::uuid`, [g])
console.log(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n'))
await db.close()
