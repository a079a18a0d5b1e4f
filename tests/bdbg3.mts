import { randomBytes } from 'node:crypto'
import { buildApp } from '/work/main/src/server/app.ts'
import { loadConfig } from '/work/main/src/server/config.ts'
import { openPglite } from '/work/main/src/server/db/pglite.ts'
import { openPostgres } from '/work/main/src/server/db/postgres.ts'
import { migrate, SYSTEM } from '/work/main/src/server/db/index.ts'
import { createLogs } from '/work/main/src/server/logging.ts'
import { hashPassword } from '/work/main/src/server/modules/auth/passwords.ts'
const db = process.env.PG ? await openPostgres('postgres://postgres@127.0.0.1:5432/benchdbg') : await openPglite('/tmp/bdbg3')
await migrate(db)
const hash = await hashPassword('bench-password', 10)
if (!process.env.PG) {
  const n = await db.query<{n:number}>('select count(*)::int n from devices')
  if (n.rows[0]!.n === 0) await db.transaction(SYSTEM, async (tx) => {
    const a = (await tx.query<{ id: string }>("INSERT INTO groups (name, timezone) VALUES ('Bench A', 'Europe/Berlin') RETURNING id")).rows[0]!.id
    await tx.query(`INSERT INTO devices (group_id, name, serial_number, location) SELECT $1, 'Meter ' || lpad(i::text, 5, '0'), 'SN-' || i, 'Site' FROM generate_series(1, 9000) i`, [a])
  })
}
await db.query("INSERT INTO users (email, role, group_id, password_hash) SELECT 'b@x.test', 'admin', id, $1 FROM groups LIMIT 1 ON CONFLICT DO NOTHING", [hash]).catch(() => {})
const config = loadConfig({ APP_ENV: 'production', DATA_DIR: '/tmp/bdbg', LOG_STDOUT: 'silent' })
const logs = createLogs({ dir: '/tmp/bdbg/logs', level: 'info', stdout: 'silent' })
const app = await buildApp({ config, db, logs, sessionSecret: randomBytes(32) })
const login = await app.inject({ method: 'POST', url: '/api/v1/auth/cookie/login', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'b' }, payload: 'username=b%40x.test&password=bench-password' })
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
const times: number[] = []
for (let i = 0; i < 200; i++) {
  const t0 = performance.now()
  const r = await app.inject({ method: 'GET', url: '/api/v1/devices/?limit=50', headers: { cookie } })
  if (r.statusCode !== 200) console.log(r.body)
  times.push(performance.now() - t0)
}
times.sort((a, b) => a - b)
console.log('p50', times[100]!.toFixed(2), 'p99', times[198]!.toFixed(2))
const t1 = performance.now()
for (let i = 0; i < 200; i++) await db.query('select 1')
console.log('select 1 x200', (performance.now() - t1).toFixed(1))
await app.close(); await db.close(); logs.close()
