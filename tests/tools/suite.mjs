/**
 * `npm test`: every check a change can break, in phases, with commands of one phase side by side
 * (two cores: one command rarely keeps both busy). Each command's lines carry its name; every phase
 * runs even when an earlier one failed, so one run tells everything that is wrong; the summary
 * says how long each command and phase took, so the next slow-down names itself.
 *
 *   node tests/tools/suite.mjs            the whole suite
 *   node tests/tools/suite.mjs --list     the phases and their commands
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'

const vitest = (project) => `vitest run --project ${project}`
/** A PostgreSQL run of the server suite, unless the machine has none (SKIP_POSTGRES_TESTS=1). */
const postgres = process.env.SKIP_POSTGRES_TESTS
  ? []
  : [['server-postgres', vitest('server-postgres')]]

/** [name, shell command] per command; the commands of one phase run at the same time. */
const phases = [
  [
    // Installs Debian's chromium when missing (the browser phases need it; these two do not).
    ['chromium', 'node tests/tools/ensure-chromium.mjs'],
    [
      'contract, types',
      'npm run -s lint:api && npm run -s check:generated && npm run -s typecheck',
    ],
    ['lint', 'npm run -s lint'],
    // The e2e files test the production build (NODE_ENV=production: React's production build).
    ['builds', 'npm run -s build-storybook && NODE_ENV=production vite build --logLevel warn'],
  ],
  [['unit, dom, server', `vitest run --project unit --project dom --project server`]],
  [
    ...postgres,
    // Browser-bound (a page waits on the server most of the time): beside the PostgreSQL run.
    ['storybook-static', vitest('storybook-static')],
  ],
  [
    ['e2e', vitest('e2e')],
    ['resilience', vitest('resilience')],
  ],
]

const builtEnv = { STORYBOOK_STATIC_BUILT: '1', E2E_APP_BUILT: '1' }

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`

/**
 * The machine's CPU time so far, busy and in all (Linux /proc/stat, in ticks): a phase's share
 * says whether it kept both cores busy (a phase at 100 % gains nothing from more side by side).
 */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
    const ticks = fields.map(Number)
    const idle = ticks[3] + ticks[4] // idle and iowait
    const total = ticks.reduce((a, b) => a + b, 0)
    return { busy: total - idle, total }
  } catch {
    return undefined
  }
}

const busyShare = (before, after) =>
  before && after
    ? Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))
    : undefined

function run([name, command]) {
  const started = Date.now()
  const child = spawn(command, {
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...builtEnv },
  })
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`))
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const ms = Date.now() - started
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds(ms)}`)
      resolve({ name, ok: code === 0, ms })
    }),
  )
}

if (process.argv.includes('--list')) {
  for (const [i, phase] of phases.entries())
    for (const [name, command] of phase) console.log(`${i + 1}. ${name}: ${command}`)
  process.exit(0)
}

const suiteStarted = Date.now()
const summary = []
for (const phase of phases) {
  const started = Date.now()
  const cpuBefore = cpuTicks()
  const results = await Promise.all(phase.map(run))
  summary.push({ results, ms: Date.now() - started, busy: busyShare(cpuBefore, cpuTicks()) })
}

console.log('\nnpm test, phase by phase:')
for (const [i, { results, ms, busy }] of summary.entries()) {
  const parts = results.map((r) => `${r.name} ${seconds(r.ms)}${r.ok ? '' : ' FAILED'}`)
  const cpu = busy === undefined ? '' : `CPU ${String(busy).padStart(3)} %  `
  console.log(`  ${i + 1}. ${seconds(ms).padStart(6)}  ${cpu}${parts.join(' | ')}`)
}
const failed = summary.flatMap(({ results }) => results.filter((r) => !r.ok).map((r) => r.name))
console.log(
  `  in all ${seconds(Date.now() - suiteStarted)}${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
)
process.exit(failed.length ? 1 : 0)
