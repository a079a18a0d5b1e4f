/**
 * The short form of the resilience scripts, run by `npm test` (in the e2e project: they start
 * and kill real server processes, one file at a time). `npm run bench` runs the full form
 * (tests/bench/resilience.bench.ts): 20 kills per database, 60 s of overload.
 */
import { describe, expect, it } from 'vitest'
import { ingestOverload } from './ingest-overload'
import { killDuringDelivery } from './kill-during-delivery'
import { killDuringIngest } from './kill-during-ingest'
import { sigtermUnderLoad } from './sigterm-under-load'

const postgresUrl = process.env.SKIP_POSTGRES_TESTS
  ? undefined
  : process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

const databases = [
  ['PGlite', undefined],
  ...(postgresUrl ? [['PostgreSQL', postgresUrl] as const] : []),
] as const

describe('resilience, short form', () => {
  it.each(databases)(
    'keeps every acknowledged reading once through kill -9 during ingest (%s, 3 kills)',
    async (_name, url) => {
      const report = await killDuringIngest({ kills: 3, postgresUrl: url })
      console.log(report)
      expect(report.readingsAcknowledged).toBeGreaterThan(0)
      expect(report).toMatchObject({
        missing: 0,
        unexpected: 0,
        storedTwice: 0,
        acknowledgedTwice: 0,
        wrongValue: 0,
      })
      expect(report.readingsStored).toBe(report.readingsAcknowledged)
      expect(report.rollupCount).toBe(report.readingsStored)
    },
    300_000,
  )

  it.each(databases)(
    'delivers every queued webhook through kill -9 mid-send, each webhook-id once (%s)',
    async (_name, url) => {
      const report = await killDuringDelivery({ postgresUrl: url })
      console.log(report)
      expect(report).toMatchObject({
        arrived: report.queued,
        unexpected: 0,
        badSignatures: 0,
        sentRows: report.queued,
      })
    },
    300_000,
  )

  it('finishes requests in flight on SIGTERM, answers new ones 503 and exits cleanly', async () => {
    const report = await sigtermUnderLoad()
    console.log(report)
    expect(report.exitCode).toBe(0)
    expect(Object.keys(report.inFlight).every((outcome) => outcome === '200')).toBe(true)
    // Sent after the signal: 200 if it reached the server before the server saw the signal,
    // then 503 while draining, or the port already closed; never a dropped connection.
    const allowed = ['200', '503', 'ECONNREFUSED']
    expect(Object.keys(report.after).filter((o) => !allowed.includes(o))).toEqual([])
  }, 120_000)

  it('sheds a 10x ingest overload with 429/503, bounded memory, and reads again after', async () => {
    const report = await ingestOverload({ durationMs: 10_000 })
    console.log(report)
    expect(report.serverAlive).toBe(true)
    expect(
      Object.keys(report.pushes).every((outcome) => ['200', '429', '503'].includes(outcome)),
    ).toBe(true)
    expect(report.rssMiB.max).toBeLessThan(1536)
    expect(report.recoveryMs).not.toBeNaN()
  }, 180_000)
})
