import type { LoginLimits } from '../config.ts'

const MAX_KEYS = 50_000

/** Timestamps of recent events per key, oldest first, forgetting keys beyond MAX_KEYS. */
class Window {
  readonly #events = new Map<string, number[]>()
  constructor(readonly windowMs: number) {}

  count(key: string, now: number): number {
    return this.#live(key, now).length
  }

  /** Milliseconds until the oldest event leaves the window. */
  waitMs(key: string, now: number): number {
    const events = this.#live(key, now)
    return events.length === 0 ? 0 : events[0]! + this.windowMs - now
  }

  add(key: string, now: number, cap: number): void {
    const events = this.#live(key, now)
    events.push(now)
    if (events.length > cap) events.shift()
    this.#events.delete(key)
    this.#events.set(key, events)
    if (this.#events.size > MAX_KEYS) this.#events.delete(this.#events.keys().next().value!)
  }

  clear(key: string): void {
    this.#events.delete(key)
  }

  #live(key: string, now: number): number[] {
    const events = this.#events.get(key)
    if (!events) return []
    while (events.length > 0 && events[0]! <= now - this.windowMs) events.shift()
    return events
  }
}

/**
 * Sign-in throttling per account and per client address (in memory, per process: behind several
 * replicas each keeps its own counts, which still bounds guessing to replicas x limit).
 * Failed attempts count per account and per address; any attempt counts per address per minute.
 */
export class LoginThrottle {
  readonly #accountFailures: Window
  readonly #addressFailures: Window
  readonly #addressAttempts = new Window(60_000)

  constructor(
    readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.#accountFailures = new Window(limits.windowMs)
    this.#addressFailures = new Window(limits.windowMs)
  }

  /** Seconds to wait before another attempt, or 0 when one is allowed now. Counts the attempt. */
  attempt(account: string, address: string): number {
    const now = this.now()
    const waits: number[] = []
    const { perAccount, perAddressFailures, perAddressPerMinute } = this.limits
    if (this.#accountFailures.count(account, now) >= perAccount)
      waits.push(this.#accountFailures.waitMs(account, now))
    if (this.#addressFailures.count(address, now) >= perAddressFailures)
      waits.push(this.#addressFailures.waitMs(address, now))
    if (this.#addressAttempts.count(address, now) >= perAddressPerMinute)
      waits.push(this.#addressAttempts.waitMs(address, now))
    if (waits.length > 0) return Math.max(1, Math.ceil(Math.max(...waits) / 1000))
    this.#addressAttempts.add(address, now, perAddressPerMinute)
    return 0
  }

  failed(account: string, address: string): void {
    const now = this.now()
    this.#accountFailures.add(account, now, this.limits.perAccount)
    this.#addressFailures.add(address, now, this.limits.perAddressFailures)
  }

  succeeded(account: string): void {
    this.#accountFailures.clear(account)
  }
}
