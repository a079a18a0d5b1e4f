import type { LoadMeter } from './load-meter.ts'
import type { NoticeSource } from './notices.ts'

/**
 * What the embedded database (PGlite, one process) was measured to carry on 2 cores with room to
 * spare (tests/bench/RESULTS.md, "Embedded capacity"): past this, move to PostgreSQL.
 */
export const EMBEDDED_CAPACITY = {
  /** Readings stored a second, averaged over a minute (1,000 devices at one a second). */
  readingsPerSecond: 1_000,
  /** Open live event streams (console tabs and scripts). */
  liveStreams: 500,
  /** Bulk pushes refused with 429 in a minute: more than a burst, the database cannot keep up. */
  refusedPerMinute: 10,
}

const number = (n: number) => Math.round(n).toLocaleString('en')

/**
 * The embedded-capacity notice: on PGlite only, when the last minute's load ran past what the
 * embedded database carries. Reads figures the server keeps anyway (no query).
 */
export function embeddedCapacityNotice(options: {
  kind: 'pglite' | 'postgres'
  load: LoadMeter
  liveStreams: () => number
  capacity?: typeof EMBEDDED_CAPACITY
}): NoticeSource {
  const capacity = options.capacity ?? EMBEDDED_CAPACITY
  return () => {
    if (options.kind !== 'pglite') return null
    const { readingsPerSecond, refused } = options.load.lastMinute()
    const streams = options.liveStreams()
    const past: string[] = []
    if (readingsPerSecond > capacity.readingsPerSecond)
      past.push(
        `took ${number(readingsPerSecond)} readings a second over the last minute (it carries about ${number(capacity.readingsPerSecond)})`,
      )
    if (streams > capacity.liveStreams)
      past.push(
        `has ${number(streams)} live streams open (it carries about ${number(capacity.liveStreams)})`,
      )
    if (refused > capacity.refusedPerMinute)
      past.push(`refused ${number(refused)} bulk pushes with 429 in the last minute`)
    if (past.length === 0) return null
    return {
      id: 'embedded-capacity',
      severity: 'warning',
      title: 'The embedded database is past its capacity',
      detail: `This server runs on the embedded database (PGlite) and ${past.join('; it ')}. Move to PostgreSQL: set DATABASE_URL (README, "For operators", PostgreSQL).`,
    }
  }
}
