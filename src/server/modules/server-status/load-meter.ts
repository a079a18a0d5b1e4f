/**
 * What the server carries, counted cheaply as it happens (a few additions per request): readings
 * committed and ingest refused with 429, in one-second buckets over the last minute. The
 * embedded-capacity notice reads it; nothing is stored.
 */
export class LoadMeter {
  static readonly WINDOW_SECONDS = 60
  readonly #readings = new Float64Array(LoadMeter.WINDOW_SECONDS)
  readonly #refused = new Float64Array(LoadMeter.WINDOW_SECONDS)
  /** The second each bucket holds (a bucket from an older second counts as empty). */
  readonly #seconds = new Float64Array(LoadMeter.WINDOW_SECONDS).fill(-1)
  readonly #startedAt: number

  constructor(private readonly now: () => number = Date.now) {
    this.#startedAt = now()
  }

  /** Readings stored by one ingest (bulk push, a device's HTTP call, an MQTT batch). */
  readings(count: number): void {
    this.#readings[this.#bucket()]! += count
  }

  /** A bulk push refused because too many were in progress (429). */
  refused(): void {
    this.#refused[this.#bucket()]! += 1
  }

  /** Readings a second and refusals over the last minute (or since start, if shorter). */
  lastMinute(): { readingsPerSecond: number; refused: number } {
    const second = Math.floor(this.now() / 1000)
    let readings = 0
    let refused = 0
    for (let i = 0; i < LoadMeter.WINDOW_SECONDS; i++) {
      if (second - this.#seconds[i]! >= LoadMeter.WINDOW_SECONDS) continue
      readings += this.#readings[i]!
      refused += this.#refused[i]!
    }
    // A server up for 10 s that took 10,000 readings took 1,000 a second, not 167.
    const span = Math.min(
      LoadMeter.WINDOW_SECONDS,
      Math.max(1, Math.ceil((this.now() - this.#startedAt) / 1000)),
    )
    return { readingsPerSecond: readings / span, refused }
  }

  #bucket(): number {
    const second = Math.floor(this.now() / 1000)
    const i = second % LoadMeter.WINDOW_SECONDS
    if (this.#seconds[i] !== second) {
      this.#seconds[i] = second
      this.#readings[i] = 0
      this.#refused[i] = 0
    }
    return i
  }
}
