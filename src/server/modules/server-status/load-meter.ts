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
  constructor(private readonly now: () => number = Date.now) {}

  /** Readings stored by one ingest (bulk push, a device's HTTP call, an MQTT batch). */
  readings(count: number): void {
    this.#readings[this.#bucket()]! += count
  }

  /** A bulk push refused because too many were in progress (429). */
  refused(): void {
    this.#refused[this.#bucket()]! += 1
  }

  /** Readings a second (averaged over the last minute) and refusals in it. */
  lastMinute(): { readingsPerSecond: number; refused: number } {
    const second = Math.floor(this.now() / 1000)
    let readings = 0
    let refused = 0
    for (let i = 0; i < LoadMeter.WINDOW_SECONDS; i++) {
      if (second - this.#seconds[i]! >= LoadMeter.WINDOW_SECONDS) continue
      readings += this.#readings[i]!
      refused += this.#refused[i]!
    }
    // Over the whole minute, even just after start: a burst is not a rate (an import of 20,000
    // readings in the first seconds is no sign of a fleet past capacity).
    return { readingsPerSecond: readings / LoadMeter.WINDOW_SECONDS, refused }
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
