import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { loadConfig, type Config } from './config.ts'
import { migrate, openDatabase, type Database } from './db/index.ts'
import { createLogs, type Logs } from './logging.ts'
import { loadSessionSecret } from './secrets.ts'
import { seedOnStart, type SeedReport } from './seed/index.ts'
import { backgroundServices } from './services.ts'

/**
 * Closes the listening port and resolves when every connection has ended. Open keep-alive
 * connections may still send a request for `graceMs` (SHUTDOWN_GRACE_MS, 500 ms by default) (answered 503 with Connection: close): Node's
 * close() would reset every idle connection at once, and a client that was just sending on one
 * would see ECONNRESET instead of an answer. Connections still idle after the grace are closed.
 */
function stopAccepting(server: Server, graceMs: number): Promise<void> {
  const closeIdle = server.closeIdleConnections.bind(server)
  server.closeIdleConnections = () => {}
  const grace = setTimeout(() => {
    server.closeIdleConnections = closeIdle
    closeIdle()
  }, graceMs)
  return new Promise((resolve) => {
    server.close(() => {
      clearTimeout(grace)
      server.closeIdleConnections = closeIdle
      resolve()
    })
  })
}

export interface RunningServer {
  app: FastifyInstance
  url: string
  config: Config
  seed: SeedReport
  /** Drains in-flight requests (new ones answer 503), closes the database and the log files. */
  shutdown(): Promise<void>
}

/** Opens the database, migrates, seeds, builds the app and listens. Only boots: app.ts is the app. */
export async function startServer(options: {
  spa: boolean
  config?: Config
  /** Told what a long start is doing (migrations, seeding): `npm start` prints it. */
  progress?: (line: string) => void
}): Promise<RunningServer> {
  const { progress } = options
  const config = options.config ?? loadConfig()
  const logs: Logs = createLogs({
    dir: path.join(config.dataDir, 'logs'),
    level: config.logLevel,
    stdout: config.logStdout,
    rotation: config.logRotation,
  })
  let db: Database | undefined
  /** Once built, the app owns the database and the logs: closing it stops the services first. */
  let built: FastifyInstance | undefined
  try {
    if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite')))
      progress?.(`Creating the embedded database (PGlite) in ${config.dataDir}/pglite`)
    db = await openDatabase(config)
    const applied = await migrate(db, undefined, progress)
    if (applied.length > 0)
      logs.logger.info({ logger: 'db', applied }, `Applied migrations: ${applied.join(', ')}`)
    const seed = await seedOnStart(db, config, logs, progress)
    // Fresh statistics for the planner (PGlite has no autovacuum; PostgreSQL's may lag a big seed).
    if (seed.demo) progress?.('Updating the planner statistics (ANALYZE)')
    await db.exec('ANALYZE')
    const lifecycle = { draining: false }
    const app = await buildApp({
      config,
      db,
      logs,
      sessionSecret: loadSessionSecret(config),
      spa: options.spa,
      lifecycle,
    })
    const database = db
    // Added before the services: Fastify runs onClose hooks last-added first, so this one runs
    // once every service has stopped (services.ts).
    app.addHook('onClose', async () => {
      await database.close()
      await logs.flushed()
      logs.close()
    })
    built = app
    await app.register(backgroundServices)
    await app.listen({ port: config.port, host: config.host })
    // MQTT (a taken port turns it off, never the console), the evaluator and the simulator.
    await app.servicesListening()
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.port
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
    let closing: Promise<void> | undefined
    const shutdown = () => {
      closing ??= (async () => {
        lifecycle.draining = true
        logs.logger.info(
          { logger: 'server' },
          'Draining: finishing requests in flight, then closing',
        )
        const timer = setTimeout(() => {
          logs.logger.error({ logger: 'server' }, 'Shutdown timed out; exiting')
          logs.close()
          process.exit(1)
        }, config.shutdownTimeoutMs)
        timer.unref()
        // Live streams never finish by themselves: ended now, their clients reconnect elsewhere.
        app.live.closeAll()
        await stopAccepting(app.server, config.shutdownGraceMs)
        await app.close()
        clearTimeout(timer)
      })()
      return closing
    }
    return { app, url, config, seed, shutdown }
  } catch (error) {
    const closed = built
      ? await built.close().then(
          () => true,
          () => false,
        )
      : false
    if (!closed) {
      await db?.close().catch(() => {})
      logs.close()
    }
    throw error
  }
}
