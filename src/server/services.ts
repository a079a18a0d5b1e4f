import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { startMaintenance } from './db/maintenance.ts'
import { authenticateDevice } from './modules/devices/device-credentials.ts'
import { commitToDatabase, mqttOff, startMqtt } from './modules/mqtt/mqtt-service.ts'
import { startRulesEvaluator } from './modules/notifications/evaluator.ts'
import { startOutboxWorker } from './modules/notifications/outbox-worker.ts'
import { startSimulator } from './seed/simulator.ts'
import { startFileSweeper } from './storage/file-sweep.ts'

// The six background services, each a plugin as the request plugins are: it starts when it is
// registered (or, for the last three, once the console listens) and stops in its `onClose`.
// Fastify runs the `onClose` hooks of one instance last-added first, so registration order is
// start order and close runs it backwards: MQTT, registered last, stops first, and server.ts's
// hook that closes the database, added before them, runs after them all. Each plugin names the
// ones it must come after (`dependencies`), and the decorators it needs, so an app that
// registers one out of order, or without the app's db and logs, fails at start.

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the services started by the console's listening have started (or rejects). */
    servicesListening(): Promise<void>
  }
}

const APP = ['config', 'db', 'logs'] as const

/** The starts each app waits for in `servicesListening()`, in order. */
const listening = new WeakMap<FastifyInstance, Array<Promise<void>>>()

/**
 * Runs `start` once the console listens, after the earlier services' (Fastify's `onListen`
 * hooks run one after another). `listen()` does not wait for those hooks:
 * `app.servicesListening()` does, and rejects with the error of one that failed.
 */
function afterListen(app: FastifyInstance, start: () => Promise<void> | void): void {
  let starts = listening.get(app)
  if (!starts) {
    const all: Array<Promise<void>> = (starts = [])
    listening.set(app, all)
    app.decorate('servicesListening', async () => {
      await Promise.all(all)
    })
  }
  let done!: () => void
  let failed!: (error: unknown) => void
  const started = new Promise<void>((resolve, reject) => {
    done = resolve
    failed = reject
  })
  // Nobody waits when the app never listens (inject); a failure still reaches a waiter.
  started.catch(() => {})
  starts.push(started)
  app.addHook('onListen', async () => {
    try {
      await start()
      done()
    } catch (error) {
      failed(error)
    }
  })
}

/** PGlite's VACUUM and ANALYZE every 10 minutes (db/maintenance.ts); nothing on PostgreSQL. */
export const maintenance = fp(
  async function maintenance(app: FastifyInstance) {
    const stop = startMaintenance(app.db, app.logs.logger)
    app.addHook('onClose', async () => stop())
  },
  { name: 'maintenance', decorators: { fastify: [...APP] } },
)

/** Removes the files of deleted rows and orphans: at start, then hourly (storage/file-sweep.ts). */
export const fileSweeper = fp(
  async function fileSweeper(app: FastifyInstance) {
    const stop = startFileSweeper(app.db, app.storage, app.logs.logger)
    app.addHook('onClose', async () => stop())
  },
  { name: 'file-sweeper', decorators: { fastify: [...APP, 'storage'] } },
)

/** Sends the alarm e-mail and webhooks of the outbox (modules/notifications/outbox-worker.ts). */
export const outboxWorker = fp(
  async function outboxWorker(app: FastifyInstance) {
    const { mail, webhooks } = app.config
    const worker = await startOutboxWorker(app.db, app.logs.logger, { mail, webhooks })
    app.addHook('onClose', async () => worker.stop())
  },
  { name: 'outbox-worker', decorators: { fastify: [...APP] } },
)

/**
 * The notification rules evaluator (RULES_EVALUATOR, on by default), once the console listens.
 * After the outbox worker: the alarms it raises queue the deliveries the worker sends.
 */
export const rulesEvaluator = fp(
  async function rulesEvaluator(app: FastifyInstance) {
    const { rulesEvaluator: options } = app.config
    if (!options.enabled) return
    let stop: (() => Promise<void>) | undefined
    afterListen(app, () => {
      stop = startRulesEvaluator(app.db, app.logs.logger, options)
    })
    app.addHook('onClose', async () => stop?.())
  },
  { name: 'rules-evaluator', dependencies: ['outbox-worker'], decorators: { fastify: [...APP] } },
)

/** The demo devices' readings every 5 minutes (SIMULATE), once the console listens. */
export const simulator = fp(
  async function simulator(app: FastifyInstance) {
    const { simulator: options, seed } = app.config
    if (!options.enabled) return
    let running: { stop(): Promise<void> } | undefined
    afterListen(app, () => {
      running = startSimulator(app.db, app.logs.logger, {
        devicesPerGroup: seed.devicesPerGroup,
        intervalMs: options.intervalMs,
      })
    })
    app.addHook('onClose', async () => running?.stop())
  },
  { name: 'simulator', decorators: { fastify: [...APP] } },
)

/**
 * Device ingest over MQTT (modules/mqtt), started once the console listens, so a taken MQTT port
 * turns MQTT off and never the console; `app.mqtt` says how it went. Registered after every
 * other service so it is the first to stop: ingest ends (batches in flight acknowledged) before
 * anything it feeds.
 */
export const mqttIngest = fp(
  async function mqttIngest(app: FastifyInstance) {
    const db = app.db
    Object.assign(app.mqtt, mqttOff('starting'))
    let service: { stop(): Promise<void> } | undefined
    afterListen(app, async () => {
      service = await startMqtt({
        config: app.config.mqtt,
        db,
        log: app.logs.logger,
        authenticate: (deviceId, token) => authenticateDevice(db, deviceId, token),
        state: app.mqtt,
        commit: async (items) => {
          const results = await commitToDatabase(db)(items)
          app.load.readings(results.filter((r) => r.status === 'success').length)
          return results
        },
      })
    })
    app.addHook('onClose', async () => service?.stop())
  },
  {
    name: 'mqtt-ingest',
    dependencies: ['maintenance', 'file-sweeper', 'outbox-worker', 'rules-evaluator', 'simulator'],
    decorators: { fastify: [...APP, 'mqtt', 'load'] },
  },
)

/**
 * All six, in their order: what `startServer` runs. Tests that build an app leave them out, or
 * register the ones they need.
 */
export const backgroundServices = fp(
  async function backgroundServices(app: FastifyInstance) {
    await app.register(maintenance)
    await app.register(fileSweeper)
    await app.register(outboxWorker)
    await app.register(rulesEvaluator)
    await app.register(simulator)
    await app.register(mqttIngest)
  },
  { name: 'background-services', decorators: { fastify: [...APP] } },
)
