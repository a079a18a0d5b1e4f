import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '~/server/app.ts'
import { openPostgres } from '~/server/db/postgres.ts'
import { createLogs } from '~/server/logging.ts'
import type { Session, TestApp } from './build.ts'
import { inject } from './inject.ts'

export interface Replica {
  app: FastifyInstance
  call(session: Session | null, options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/**
 * A second app on the test app's data, as another replica behind a load balancer would be: on
 * PostgreSQL with its own connection pool; on PGlite (one process by design) on the same
 * instance. Same config and session key, nothing else shared in memory.
 */
export async function replica(t: TestApp): Promise<Replica> {
  const db = t.databaseUrl ? await openPostgres(t.databaseUrl, { max: 3 }) : t.db
  const logs = createLogs({
    dir: path.join(t.dataDir, `logs-replica-${randomUUID().slice(0, 8)}`),
    level: t.config.logLevel,
    stdout: 'silent',
    rotation: t.config.logRotation,
  })
  const app = await buildApp({ config: t.config, db, logs, sessionSecret: t.app.sessionSecret })
  await app.ready()
  return {
    app,
    call: (session, options) =>
      inject(app, {
        ...options,
        headers: {
          'x-request-id': randomUUID(),
          ...(session ? { cookie: session.cookie } : {}),
          ...options.headers,
        },
      }),
    async close() {
      await app.close()
      if (db !== t.db) await db.close()
      logs.close()
    },
  }
}
