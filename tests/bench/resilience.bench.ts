/**
 * Benchmark (issue 10, printed): the full form of the resilience scripts in tests/resilience.
 *   - kill -9 during bulk ingest, 20 times on PGlite and 20 on PostgreSQL (a fresh database);
 *   - SIGTERM under load on each database;
 *   - 10x ingest overload for 60 s on each database.
 * PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test; SKIP_POSTGRES_TESTS=1
 * leaves it out. KILLS and OVERLOAD_SECONDS shorten a run.
 *
 *   npx tsx tests/bench/resilience.bench.ts
 */
import { ingestOverload } from '../resilience/ingest-overload'
import { killDuringIngest } from '../resilience/kill-during-ingest'
import { sigtermUnderLoad } from '../resilience/sigterm-under-load'

const kills = Number(process.env.KILLS ?? 20)
const overloadMs = Number(process.env.OVERLOAD_SECONDS ?? 60) * 1000
const postgresUrl = process.env.SKIP_POSTGRES_TESTS
  ? undefined
  : process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const databases: [string, string | undefined][] = [
  ['PGlite', undefined],
  ...(postgresUrl ? ([['PostgreSQL', postgresUrl]] as [string, string][]) : []),
]
const only = process.argv.slice(2)
const wanted = (name: string) => only.length === 0 || only.includes(name)

let failed = false
const verdict = (ok: boolean, what: string) => {
  if (!ok) failed = true
  console.log(`  ${ok ? 'OK  ' : 'MISS'} ${what}`)
}

for (const [name, url] of databases) {
  if (wanted('kill')) {
    console.log(`\nkill -9 during bulk ingest, ${kills} kills, ${name}`)
    const r = await killDuringIngest({ kills, postgresUrl: url, log: console.log })
    console.log(r)
    verdict(r.missing === 0, `every acknowledged reading present (${r.readingsAcknowledged})`)
    verdict(
      r.unexpected === 0 && r.readingsStored === r.readingsAcknowledged,
      'nothing else stored',
    )
    verdict(r.storedTwice === 0 && r.acknowledgedTwice === 0, 'none twice after retries')
    verdict(r.rollupCount === r.readingsStored, 'hourly rollup counts the same readings')
  }
  if (wanted('sigterm')) {
    console.log(`\nSIGTERM under load, ${name}`)
    const r = await sigtermUnderLoad({ postgresUrl: url })
    console.log(r)
    verdict(
      Object.keys(r.inFlight).every((o) => o === '200'),
      'in-flight requests finished',
    )
    // 200s after the signal reached the server before it saw the signal; once the port is
    // closed a connection is refused (a balancer moves on); never a reset or a dropped request.
    const after = Object.keys(r.after).filter((o) => o !== '200')
    verdict(
      after.every((o) => o === '503' || o === 'ECONNREFUSED') && '503' in r.after,
      `new requests answered 503, then refused at the closed port (${JSON.stringify(r.after)})`,
    )
    verdict(r.exitCode === 0 && r.exitMs <= 10_000, `exited cleanly in ${r.exitMs} ms (<= 10 s)`)
  }
  if (wanted('overload')) {
    console.log(`\n10x ingest overload for ${overloadMs / 1000} s, ${name}`)
    const r = await ingestOverload({ postgresUrl: url, durationMs: overloadMs })
    console.log(r)
    const shed = Object.keys(r.pushes).every((o) => ['200', '429', '503'].includes(o))
    verdict(shed && r.serverAlive, 'only 200/429/503, server alive')
    verdict((r.pushes['429'] ?? 0) + (r.pushes['503'] ?? 0) > 0, 'load shed with 429/503')
    verdict(r.rssMiB.max < 1536, `memory bounded (max RSS ${r.rssMiB.max} MiB)`)
    verdict(r.recoveryMs <= 10_000, `reads recovered in ${r.recoveryMs} ms (<= 10 s)`)
  }
}
if (failed) console.log('\nSome resilience targets were missed (see MISS above).')
