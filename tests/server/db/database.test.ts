import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrate, readMigrations } from '~/server/db/migrate.ts'
import { lockDataDir } from '~/server/db/data-dir-lock.ts'
import { SYSTEM, type DbScope } from '~/server/db/database.ts'
import { build, type TestApp } from '../helpers/build.ts'

let t: TestApp
beforeAll(async () => {
  t = await build()
})
afterAll(async () => t?.close())

const tenant = (groupId: string | null, all = false): DbScope => ({
  kind: 'tenant',
  groupId,
  all,
  userId: '00000000-0000-4000-8000-000000000001',
  role: all ? 'developer' : 'admin',
})

describe('migrations', () => {
  it('are recorded and idempotent', async () => {
    expect(await migrate(t.db)).toEqual([])
    const { rows } = await t.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY version',
    )
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name))
    expect(rows[0]!.name).toBe('001_core.sql')
  })
})

describe('listen', () => {
  it('in commit order: hears each commit once, in order, and on PostgreSQL from the listening connection only', async () => {
    const heard: string[] = []
    const subscription = await t.db.listen(
      'commit_order_test',
      (payload) => payload !== undefined && heard.push(payload),
      { inCommitOrder: true },
    )
    try {
      const sent = ['0', '1', '2', '3', '4']
      const listened: string[][] = []
      for (const payload of sent) {
        const { rows } = await t.db.transaction(SYSTEM, async (tx) => {
          await tx.query(`SELECT pg_notify('commit_order_test', $1)`, [payload])
          return tx.query<{ channel: string }>('SELECT pg_listening_channels() AS channel')
        })
        listened.push(rows.map((r) => r.channel))
      }
      await vi.waitFor(() => expect(heard).toEqual(sent))
      // A pooled PostgreSQL connection that listened would hear its own NOTIFY before COMMIT
      // returns, out of step with the other replicas: none listens to this channel. (PGlite is
      // one connection, which listens and hears each commit as it makes it: one order only.)
      if (t.db.kind === 'postgres')
        expect(listened.flat().filter((c) => c === 'commit_order_test')).toEqual([])
    } finally {
      await subscription.close()
    }
  })
})

describe('readOne (a tenant read in one round trip)', () => {
  const one = async <R>(scope: DbScope, sql: string, params: Array<string | number | null> = []) =>
    (await t.db.readOne<R>(scope, { sql, params }))[0]!

  it('runs as app_user under the scope, and leaves nothing set behind', async () => {
    expect(await one(tenant(t.fx.groups.A), 'SELECT current_user AS r')).toEqual({ r: 'app_user' })
    const count = 'SELECT count(*)::int AS n FROM devices'
    expect(await one(tenant(t.fx.groups.A), count)).toEqual({ n: 3 })
    expect(await one(tenant(t.fx.groups.B), count)).toEqual({ n: 2 })
    expect(await one(tenant(null, true), count)).toEqual({ n: 5 })
    const after = await t.db.query<{ r: string; g: string | null }>(
      "SELECT current_user AS r, nullif(current_setting('app.group_id', true), '') AS g",
    )
    expect(after.rows[0]!.r).not.toBe('app_user')
    expect(after.rows[0]!.g).toBeNull()
  })

  it('sends parameters as literals that cannot break out of their quotes', async () => {
    const nasty = "O'Brien'); DROP TABLE devices; -- \\ \\' $1 $$ ü"
    const echo = 'SELECT $1::text AS v, $2::int AS n, $3::text IS NULL AS missing'
    expect(await one(tenant(t.fx.groups.A), echo, [nasty, 42, null])).toEqual({
      v: nasty,
      n: 42,
      missing: true,
    })
    expect(await one(tenant(t.fx.groups.A), 'SELECT count(*)::int AS n FROM devices')).toEqual({
      n: 3,
    })
    await expect(one(tenant(t.fx.groups.A), echo, ['a\u0000b', 1, null])).rejects.toMatchObject({
      code: '22021',
    })
  })
})

describe('row-level security (the database half of tenant isolation)', () => {
  it('runs tenant transactions as the non-superuser app_user', async () => {
    const role = await t.db.transaction(
      tenant(t.fx.groups.A),
      async (tx) => (await tx.query<{ r: string }>('SELECT current_user AS r')).rows[0]!.r,
    )
    expect(role).toBe('app_user')
  })

  it('shows a tenant only its rows, even to a query without a WHERE clause', async () => {
    const count = (scope: DbScope, table: string) =>
      t.db.transaction(
        scope,
        async (tx) =>
          (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n,
      )
    expect(await count(tenant(t.fx.groups.A), 'devices')).toBe(3)
    expect(await count(tenant(t.fx.groups.B), 'devices')).toBe(2)
    expect(await count(tenant(null, true), 'devices')).toBe(5)
    expect(await count(tenant(null), 'devices')).toBe(0)
    expect(await count(tenant(t.fx.groups.A), 'readings')).toBe(192)
    expect(await count(tenant(t.fx.groups.A), 'readings_hourly')).toBeGreaterThan(0)
    expect(await count(tenant(t.fx.groups.A), 'groups')).toBe(1)
  })

  it('refuses writes into another tenant and changes nothing there', async () => {
    await expect(
      t.db.transaction(tenant(t.fx.groups.A), (tx) =>
        tx.query("INSERT INTO devices (group_id, name, serial_number) VALUES ($1, 'x', 'RLS-1')", [
          t.fx.groups.B,
        ]),
      ),
    ).rejects.toMatchObject({ code: '42501' })
    const updated = await t.db.transaction(tenant(t.fx.groups.A), (tx) =>
      tx.query("UPDATE devices SET name = 'hijacked' WHERE group_id = $1", [t.fx.groups.B]),
    )
    expect(updated.rowCount).toBe(0)
    await expect(
      t.db.transaction(tenant(t.fx.groups.A), (tx) =>
        tx.query('UPDATE devices SET group_id = $1', [t.fx.groups.B]),
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('keeps session tables away from app_user', async () => {
    for (const table of ['sessions', 'refresh_tokens', 'schema_migrations']) {
      await expect(
        t.db.transaction(tenant(null, true), (tx) => tx.query(`SELECT 1 FROM ${table}`)),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })

  it('sets the tenant per transaction only: nothing leaks into the next one', async () => {
    await t.db.transaction(tenant(t.fx.groups.A), (tx) => tx.query('SELECT 1'))
    const after = await t.db.query<{ g: string | null; u: string }>(
      "SELECT current_setting('app.group_id', true) AS g, current_user AS u",
    )
    expect(after.rows[0]!.g || null).toBeNull()
    expect(after.rows[0]!.u).not.toBe('app_user')
  })

  it('rolls a failed transaction back completely', async () => {
    await expect(
      t.db.transaction(tenant(t.fx.groups.A), async (tx) => {
        await tx.query("UPDATE devices SET name = 'half' WHERE group_id = $1", [t.fx.groups.A])
        await tx.query('SELECT 1/0')
      }),
    ).rejects.toBeDefined()
    const { rows } = await t.db.query("SELECT 1 FROM devices WHERE name = 'half'")
    expect(rows).toHaveLength(0)
  })
})

describe('foreign keys around readings', () => {
  it('puts none on readings: ingest would check each on every row it inserts', async () => {
    const { rows } = await t.db.query(
      "SELECT conname FROM pg_constraint WHERE conrelid = 'readings'::regclass AND contype = 'f'",
    )
    expect(rows).toEqual([])
  })

  // What PostgreSQL runs for the actions on a manual reading's entry when a user, a photo, a
  // device or a group is deleted. With sequential scans off the planner still takes one if no
  // index fits: every entry of every tenant, per deleted row.
  it.each([
    ['a user', 'UPDATE ONLY manual_entries SET entered_by = NULL WHERE $1::uuid = entered_by'],
    [
      'a photo',
      'UPDATE ONLY manual_entries SET attachment_id = NULL WHERE $1::uuid = attachment_id',
    ],
    ['a device', 'DELETE FROM ONLY manual_entries WHERE $1::uuid = device_id'],
    ['a group', 'DELETE FROM ONLY manual_entries WHERE $1::uuid = group_id'],
  ])('finds the entries that name %s by index', async (_, action) => {
    const plan = await t.db.transaction(SYSTEM, async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off')
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${action}`, [randomUUID()])
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).not.toMatch(/Seq Scan/)
    expect(plan).toMatch(/Index|Bitmap/)
  })
})

describe('the PGlite data directory lock', () => {
  it('refuses a second process with a clear message', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-lock-'))
    const release = lockDataDir(dir)
    try {
      const script = `import { lockDataDir } from ${JSON.stringify(path.resolve('src/server/db/data-dir-lock.ts'))}
try { lockDataDir(${JSON.stringify(dir)}); console.log('LOCKED') } catch (e) { console.log(e.message) }`
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { encoding: 'utf8' },
      )
      expect(out).toMatch(/in use by another server process \(pid \d+\)/)
      expect(out).toMatch(/different DATA_DIR/)
    } finally {
      release()
    }
    // A lock whose process is gone is taken over.
    fs.writeFileSync(path.join(dir, '.lock'), '999999999')
    const again = lockDataDir(dir)
    again()
    fs.rmSync(dir, { recursive: true, force: true })
  })
})
