import type { Actor } from '../context.ts'
import type { Database, Subscription } from '../db/database.ts'

/** The channel migration 006's triggers announce a user on when their sessions or account change. */
export const AUTH_CHANGED = 'auth_changed'

const MAX_ENTRIES = 10_000

interface Entry {
  actor: Actor
  until: number
}

export type SessionLookup = () => Promise<{ actor: Actor; expiresAt: Date } | undefined>

/**
 * Signed-in sessions, verified against the database at most every `ttlMs` per session instead of
 * on every request. Revocation stays immediate: the database announces every change to a user's
 * sessions or account (logout, replayed refresh token, password, role or group change, deletion)
 * on AUTH_CHANGED when it commits, and every replica drops that user. This process hears its own
 * changes before their commit returns; other replicas a moment later. While the notifications
 * might be missed (listener connection lost) nothing is served from the cache.
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
    if (hit && hit.until > now) return hit.actor
    const generation = this.#generation
    const found = await lookup()
    if (!found) {
      this.#entries.delete(key)
      return undefined
    }
    if (usable && generation === this.#generation && this.#subscription?.active) {
      if (this.#entries.size >= MAX_ENTRIES)
        this.#entries.delete(this.#entries.keys().next().value!)
      this.#entries.set(key, {
        actor: found.actor,
        until: Math.min(now + this.ttlMs, found.expiresAt.getTime()),
      })
    }
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
