import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RouteHandlers } from '~/api/__generated__/fastify.gen.ts'
import type { Logs } from '~/server/logging.ts'
import type { FastifyInstance } from 'fastify'
import { FrontendLogLimiter, frontendLine, sessionLimited, shareFilled } from './frontend-logs.ts'
import { LogReader } from './log-reader.ts'
import { systemRepository } from './system-repository.ts'

const packageFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../package.json',
)
const version = (JSON.parse(fs.readFileSync(packageFile, 'utf8')) as { version: string }).version
const startedAt = new Date(Date.now() - process.uptime() * 1000).toISOString()
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

/** One limiter per app: each replica limits the sessions it serves. */
const limiters = new WeakMap<FastifyInstance, FrontendLogLimiter>()
function limiterOf(app: FastifyInstance): FrontendLogLimiter {
  let limiter = limiters.get(app)
  if (!limiter) limiters.set(app, (limiter = new FrontendLogLimiter(app.config.frontendLogLimits)))
  return limiter
}

/** One reader per log directory: its indexes and match caches live as long as the app. */
const readers = new WeakMap<Logs, LogReader>()
function readerOf(logs: Logs): LogReader {
  let reader = readers.get(logs)
  if (!reader) readers.set(logs, (reader = new LogReader(logs.dir)))
  return reader
}

export const debugHandlers = {
  async getLogs(request, reply) {
    const q = request.query ?? {}
    const { logs } = request.server
    // Lines of earlier requests may still be queued for their file: read what was logged.
    await logs.flushed()
    const page = await readerOf(logs).read({
      source: q.source ?? 'main',
      limit: q.limit ?? 100,
      offset: q.offset ?? 0,
      level: q.level,
      search: q.search,
      logger: q.logger,
      requestId: q.request_id,
      after: q.after,
      before: q.before,
    })
    return reply.code(200).send(page)
  },

  async getSystemInfo(request, reply) {
    const { db, config } = request.server
    const figures = await systemRepository(db).figures()
    const memory = process.memoryUsage()
    return reply.code(200).send({
      version,
      environment: config.appEnv,
      uptime_seconds: Math.round(process.uptime() * 10) / 10,
      node_version: process.version,
      database: {
        kind: db.kind === 'postgres' ? 'postgresql' : 'pglite',
        version: figures.version.split(' ')[0]!,
        size_bytes: figures.size_bytes === null ? null : Math.round(figures.size_bytes),
      },
      counts: {
        users: figures.users,
        groups: figures.groups,
        devices: figures.devices,
        readings: figures.readings,
        notifications: figures.notifications,
      },
      memory: { rss_mb: mb(memory.rss), heap_used_mb: mb(memory.heapUsed) },
      started_at: startedAt,
    })
  },

  /** Limited per session (rate and bytes) and per user (a share of each frontend.log file). */
  async postFrontendLogs(request, reply) {
    const actor = request.actor!
    const limiter = limiterOf(request.server)
    const wait = limiter.waitSeconds(actor.sessionId)
    if (wait > 0) throw sessionLimited(wait)
    const lines = request.body.entries.map((entry) => frontendLine(entry, request.id, actor.id))
    const written = request.server.logs.writeFrontend(actor.id, lines)
    limiter.spend(actor.sessionId, written ?? 0)
    if (written === null) throw shareFilled()
    return reply.code(202).send({ accepted: lines.length })
  },
} satisfies Pick<RouteHandlers, 'getLogs' | 'getSystemInfo' | 'postFrontendLogs'>
