import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type AppOptions } from '~/server/app.ts'
import { loadConfig, type Config } from '~/server/config.ts'
import type { Database } from '~/server/db/database.ts'
import { createLogs } from '~/server/logging.ts'
import { createTestDatabase } from './database.ts'
import { inject } from './inject.ts'
import {
  loadFixtures,
  PASSWORD,
  TEST_SCRYPT_LOG_N,
  USERS,
  type Fixtures,
  type UserKey,
} from './fixtures.ts'

export interface Session {
  access: string
  refresh: string
  /** Both cookies as a Cookie header. */
  cookie: string
}

export interface TestApp {
  app: FastifyInstance
  db: Database
  dbKind: 'pglite' | 'postgres'
  /** The PostgreSQL database's URL, for a second app (another replica) on the same data. */
  databaseUrl?: string
  config: Config
  dataDir: string
  fx: Fixtures
  /** Signs in through the API. */
  login(email: string, password?: string): Promise<Session>
  /** A signed-in session of a fixture user, made once per test file. */
  as(user: UserKey): Promise<Session>
  /** app.inject with the session's cookies and a fresh X-Request-ID (unless headers say otherwise). */
  call(session: Session | null, options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((c) => [c.name, c.value]))
}

export const cookieHeader = (cookies: Record<string, string | undefined>) =>
  Object.entries(cookies)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ')

/**
 * A fresh app on a fresh database (PGlite in a temp dir, or PostgreSQL when TEST_DATABASE_URL is
 * set) with the fixtures of fixtures.ts. Login limits are generous unless a test sets its own.
 */
export async function build(
  overrides: Partial<Config> = {},
  appOptions: Pick<AppOptions, 'spa' | 'spaDir'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-test-'))
  const config = loadConfig(
    {
      APP_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_STDOUT: 'silent',
      LOG_LEVEL: 'info',
      // Receivers of the tests: loopback ones they start, and a name that never resolves.
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1,hooks.example.test',
    },
    {
      scryptLogN: TEST_SCRYPT_LOG_N,
      loginLimits: {
        perAccount: 1000,
        accountUnderAttack: 1000,
        perAddressFailures: 1000,
        perAddressPerMinute: 10_000,
        windowMs: 15 * 60_000,
      },
      ...overrides,
    },
  )
  const database = await createTestDatabase(path.join(dataDir, 'pglite'))
  const logs = createLogs({
    dir: path.join(dataDir, 'logs'),
    level: config.logLevel,
    stdout: 'silent',
    rotation: config.logRotation,
  })
  const app = await buildApp({
    config,
    db: database.db,
    logs,
    sessionSecret: randomBytes(32),
    ...appOptions,
  })
  await app.ready()
  const fx = await loadFixtures(database.db)
  const sessions = new Map<UserKey, Session>()

  const call: TestApp['call'] = (session, options) =>
    inject(app, {
      ...options,
      headers: {
        'x-request-id': randomUUID(),
        ...(session ? { cookie: session.cookie } : {}),
        ...options.headers,
      },
    })

  const login: TestApp['login'] = async (email, password = PASSWORD) => {
    const response = await call(null, {
      method: 'POST',
      url: '/api/v1/auth/cookie/login',
      payload: new URLSearchParams({ username: email, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    if (response.statusCode !== 200)
      throw new Error(`login ${email}: ${response.statusCode} ${response.body}`)
    const cookies = cookiesOf(response)
    return {
      access: cookies.console_access!,
      refresh: cookies.console_refresh!,
      cookie: cookieHeader(cookies),
    }
  }

  return {
    app,
    db: database.db,
    dbKind: database.kind,
    databaseUrl: database.url,
    config,
    dataDir,
    fx,
    login,
    async as(user) {
      let session = sessions.get(user)
      if (!session) {
        session = await login(USERS[user].email)
        sessions.set(user, session)
      }
      return session
    },
    call,
    async close() {
      await app.close()
      await database.dispose()
      logs.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
