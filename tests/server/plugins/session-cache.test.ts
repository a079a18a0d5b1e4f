import { describe, expect, it } from 'vitest'
import type { Actor } from '~/server/context.ts'
import type { Database } from '~/server/db/database.ts'
import { SessionCache } from '~/server/plugins/session-cache.ts'

const actor = (id: string): Actor => ({
  kind: 'person',
  id,
  email: `${id}@x.test`,
  fullName: null,
  role: 'user',
  groupId: null,
  createdAt: new Date(0),
  sessionId: `s-${id}`,
})

/** A database that only listens: `tell` plays a NOTIFY, `deafen` a lost listener connection. */
function fakeDb() {
  let onChange: (payload?: string) => void = () => {}
  let active = true
  const db = {
    listen: async (_channel: string, listener: (payload?: string) => void) => {
      onChange = listener
      return {
        get active() {
          return active
        },
        close: async () => {},
      }
    },
  } as unknown as Database
  return {
    db,
    tell: (payload?: string) => onChange(payload),
    deafen: () => {
      active = false
      onChange(undefined)
    },
  }
}

/** A lookup that counts its calls and answers `result` (null: no such session) for an hour. */
function lookup(result: Actor | null = actor('u1')) {
  const fn = async () => {
    fn.calls++
    return result ? { actor: result, expiresAt: new Date(Date.now() + 3_600_000) } : undefined
  }
  fn.calls = 0
  return fn
}

describe('SessionCache', () => {
  it('serves a session from memory until its time is up', async () => {
    let now = 1_000
    const cache = new SessionCache(5_000, () => now)
    await cache.start(fakeDb().db)
    const load = lookup()
    await cache.actor('u1', 's1', load)
    await cache.actor('u1', 's1', load)
    expect(load.calls).toBe(1)
    now += 5_000
    await cache.actor('u1', 's1', load)
    expect(load.calls).toBe(2)
  })

  it('answers a stale session at once and re-checks it once in the background', async () => {
    let now = 1_000
    const cache = new SessionCache(5_000, () => now)
    await cache.start(fakeDb().db)
    let release = () => {}
    const slow = Object.assign(
      async () => {
        slow.calls++
        await new Promise<void>((resolve) => (release = resolve))
        return { actor: actor('u1'), expiresAt: new Date(Date.now() + 3_600_000) }
      },
      { calls: 0 },
    )
    await cache.actor('u1', 's1', lookup())
    now += 5_000
    // The database is busy: both requests are answered from memory, one re-check is made.
    await expect(cache.actor('u1', 's1', slow)).resolves.toMatchObject({ id: 'u1' })
    await expect(cache.actor('u1', 's1', slow)).resolves.toMatchObject({ id: 'u1' })
    expect(slow.calls).toBe(1)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    const fresh = lookup()
    await cache.actor('u1', 's1', fresh)
    expect(fresh.calls).toBe(0)
  })

  it('looks a stale session up again in the foreground once it is gone', async () => {
    let now = 1_000
    const cache = new SessionCache(5_000, () => now)
    await cache.start(fakeDb().db)
    await cache.actor('u1', 's1', lookup())
    now += 5_000
    const gone = lookup(null)
    await cache.actor('u1', 's1', gone)
    await new Promise((resolve) => setTimeout(resolve, 0))
    await expect(cache.actor('u1', 's1', gone)).resolves.toBeUndefined()
    expect(gone.calls).toBe(2)
  })

  it('drops a user when the database says their sessions or account changed', async () => {
    const cache = new SessionCache(60_000)
    const { db, tell } = fakeDb()
    await cache.start(db)
    const u1 = lookup(actor('u1'))
    const u2 = lookup(actor('u2'))
    await cache.actor('u1', 's1', u1)
    await cache.actor('u2', 's2', u2)
    tell('u1')
    await cache.actor('u1', 's1', u1)
    await cache.actor('u2', 's2', u2)
    expect([u1.calls, u2.calls]).toEqual([2, 1])
  })

  it('does not keep an answer that raced a change', async () => {
    const cache = new SessionCache(60_000)
    const { db, tell } = fakeDb()
    await cache.start(db)
    const racing = async () => {
      tell('u1') // the session is revoked while this lookup is on its way
      return { actor: actor('u1'), expiresAt: new Date(Date.now() + 3_600_000) }
    }
    await cache.actor('u1', 's1', racing)
    const load = lookup(null)
    expect(await cache.actor('u1', 's1', load)).toBeUndefined()
    expect(load.calls).toBe(1)
  })

  it('asks the database every time while notifications may be missed, or when turned off', async () => {
    const cache = new SessionCache(60_000)
    const { db, deafen } = fakeDb()
    await cache.start(db)
    const load = lookup()
    await cache.actor('u1', 's1', load)
    deafen()
    await cache.actor('u1', 's1', load)
    await cache.actor('u1', 's1', load)
    expect(load.calls).toBe(3)

    const off = new SessionCache(0)
    await off.start(fakeDb().db)
    const direct = lookup()
    await off.actor('u1', 's1', direct)
    await off.actor('u1', 's1', direct)
    expect(direct.calls).toBe(2)
  })

  it('trusts a session no longer than the session itself lives', async () => {
    let now = Date.now()
    const cache = new SessionCache(60_000, () => now)
    await cache.start(fakeDb().db)
    const ending = async () => {
      ending.calls++
      return { actor: actor('u1'), expiresAt: new Date(now + 1_000) }
    }
    ending.calls = 0
    await cache.actor('u1', 's1', ending)
    now += 1_000
    await cache.actor('u1', 's1', ending)
    expect(ending.calls).toBe(2)
  })
})
