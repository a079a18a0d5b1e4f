import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { distDir } from './app.ts'
import { buildReason } from './client-build.ts'
import { DataDirLockedError } from './db/data-dir-lock.ts'
import { startServer } from './server.ts'
import type { MqttState } from './modules/mqtt/mqtt-service.ts'
import { DEMO_LOGINS } from './seed/index.ts'

const root = path.dirname(distDir)

/** One line: where devices connect over MQTT, or that MQTT is off and why. */
function mqttLine(mqtt: MqttState): string {
  if (mqtt.mode === 'off') return `MQTT is off: ${mqtt.reason}`
  const where = `${mqtt.host}:${mqtt.port}`
  return mqtt.mode === 'embedded'
    ? `MQTT: devices connect to mqtt://${where} (user name: device id, password: device token; topic meterdeck/v1/devices/{id}/readings)`
    : `MQTT: subscribed to the broker at ${where} (MQTT_URL) with a shared subscription`
}

/**
 * Prints what a long start is doing, and every 10 s that a step still runs (creating PGlite's
 * database alone took two minutes on a loaded machine): a first start is never silent for long.
 */
function progressLines() {
  let last = { line: '', at: Date.now() }
  const timer = setInterval(() => {
    const seconds = Math.round((Date.now() - last.at) / 1000)
    if (last.line && seconds >= 10) console.log(`  ...still at "${last.line}" (${seconds} s)`)
  }, 10_000)
  timer.unref()
  return {
    line: (line: string) => {
      console.log(line)
      last = { line, at: Date.now() }
    },
    stop: () => clearInterval(timer),
  }
}

/**
 * Drains once, whatever the number and source of signals: a service manager that signals the
 * whole process group of `npm start` reaches node twice (directly and relayed by npm), and
 * an impatient Ctrl-C may follow a SIGTERM. A listener must stay on every signal for the whole
 * shutdown: without one, Node's default action ends the process at once and resets every open
 * connection mid-drain.
 */
function stopOnSignals(server: { shutdown(): Promise<void> }) {
  let first: NodeJS.Signals | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (first) {
      console.log(`${signal}: already shutting down (since ${first}), finishing requests in flight`)
      return
    }
    first = signal
    console.log(`\n${signal}: shutting down...`)
    server.shutdown().then(
      () => {
        console.log('Stopped: every request in flight was answered.')
        process.exit(0)
      },
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

/**
 * `npm start`: builds the console when dist/ is missing or older than its sources, then serves
 * it and the API on one port. `--api-only` serves just the API (the Vite dev server proxies /api
 * to it).
 */
async function main() {
  const apiOnly = process.argv.includes('--api-only')
  const reason = apiOnly ? null : buildReason(root)
  if (reason) {
    console.log(`${reason}: running vite build...`)
    const vite = path.join(root, 'node_modules/.bin/vite')
    // React's production build whatever NODE_ENV the shell (or a test runner: `test`) exports.
    const env = { ...process.env, NODE_ENV: 'production' }
    const result = spawnSync(vite, ['build'], { stdio: 'inherit', cwd: root, env })
    if (result.status !== 0) {
      console.error('vite build failed; fix the build or start with --api-only.')
      process.exit(1)
    }
  }
  const progress = progressLines()
  const server = await startServer({ spa: !apiOnly, progress: progress.line }).finally(
    progress.stop,
  )
  const { config, seed, url } = server
  console.log(`\nMeterDeck ${apiOnly ? 'API' : 'console'} (${config.appEnv}) listening on ${url}`)
  console.log(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
  )
  console.log(mqttLine(server.app.mqtt))
  if (seed.demo) {
    console.log(
      `Demo data: ${seed.demo.groups} groups, ${seed.demo.devices} devices, ${seed.demo.readings} readings (${seed.demo.ms} ms)`,
    )
  }
  if (seed.hasDemoUsers) {
    console.log('Demo logins (password demo-password):')
    for (const login of DEMO_LOGINS)
      console.log(
        `  ${login.email.padEnd(24)} ${login.role}${login.group ? `, ${login.group}` : ''}`,
      )
  }
  stopOnSignals(server)
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(`\n${error.message}\n`)
  else console.error(error)
  process.exit(1)
})
