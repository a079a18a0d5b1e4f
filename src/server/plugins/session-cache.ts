import type { Actor } from '../context.ts'
import type { Database, Subscription } from '../db/database.ts'

/** The channel migration 006's triggers announce a user on when their sessions or account change. */
export const AUTH_CHANGED = 'auth_changed'

const MAX_ENTRIES = 10_000
const noop = () => {}

interface Entry {
  actor: Actor
  /** Verified against the database until then. */
  until: number
  /** When the session itself ends. */
  expiresAt: number
  /** The background re-check of a stale entry, while it runs. */
  refreshing?: Promise<void>
}

export type SessionLookup = () => Promise<{ actor: Actor; expiresAt: Date } | undefined>

/**
 * Signed-in sessions, verified against the database at most every `ttlMs` per session instead of
 * on every request. Revocation stays immediate: the database announces every change to a user's
 * sessions or account (logout, replayed refresh token, password, role or group change, deletion)
 * on AUTH_CHANGED when it commits, and every replica drops that user. This process hears its own
 * changes before their commit returns; other replicas a moment later. While the notifications
 * might be missed (listener connection lost) nothing is served from the cache.
 *
 * A stale entry is answered at once and re-checked once in the background: under ingest load the
 * lookup waits behind long transactions, and every request of the session would wait with it
 * (before reaching the ingest gate, which then never sees the overload it should refuse).
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>()
  #subscription: Subscription | undefined
  /** Bumped by every change: a lookup that raced one is not cached. */
  #generation = 0

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async start(db: Database): Promise<void> {
    if (this.ttlMs <= 0) return
    this.#subscription = await db.listen(AUTH_CHANGED, (userId) => this.#forget(userId))
  }

  async stop(): Promise<void> {
    const subscription = this.#subscription
    this.#subscription = undefined
    this.#entries.clear()
    await subscription?.close().catch(() => {})
  }

  /** The session's actor, from the cache while fresh, else from `lookup` (undefined: gone). */
  async actor(
    userId: string,
    sessionId: string,
    lookup: SessionLookup,
  ): Promise<Actor | undefined> {
    const key = `${userId}/${sessionId}`
    const now = this.now()
    const usable = this.#subscription?.active === true
    const hit = usable ? this.#entries.get(key) : undefined
    if (hit && hit.expiresAt > now) {
      // A failed re-check has dropped the entry: the next request looks up in the foreground.
      if (hit.until <= now) hit.refreshing ??= this.#load(key, lookup).then(noop, noop)
      return hit.actor
    }
    return this.#load(key, lookup)
  }

  /** Looks the session up and caches the answer unless a change raced it. */
  async #load(key: string, lookup: SessionLookup): Promise<Actor | undefined> {
    const generation = this.#generation
    const found = await lookup().catch((error: unknown) => {
      this.#entries.delete(key)
      throw error
    })
    if (!found) {
      this.#entries.delete(key)
      return undefined
    }
    if (generation === this.#generation && this.#subscription?.active) {
      if (this.#entries.size >= MAX_ENTRIES)
        this.#entries.delete(this.#entries.keys().next().value!)
      const expiresAt = found.expiresAt.getTime()
      this.#entries.set(key, {
        actor: found.actor,
        until: Math.min(this.now() + this.ttlMs, expiresAt),
        expiresAt,
      })
    } else this.#entries.delete(key)
    return found.actor
  }

  /** One user's entries, or (undefined: notifications may have been missed) all of them. */
  #forget(userId: string | undefined): void {
    this.#generation++
    if (userId === undefined) return this.#entries.clear()
    for (const [key, entry] of this.#entries) {
      if (entry.actor.id === userId) this.#entries.delete(key)
    }
  }
}
