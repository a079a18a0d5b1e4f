/**
 * Signals reach the real server process (`src/server/start.ts` as a child process): however many
 * arrive, and from wherever, it drains once. Requests in flight finish, requests sent on open
 * keep-alive connections meanwhile answer 503, none sees a reset connection, and it exits 0.
 */
import http from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnServer, type ServerDatabase, type ServerProcess } from '../e2e/support/server.ts'
import { createTestDatabase } from './helpers/database.ts'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const disposers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const dispose of disposers) await dispose()
})

/** A migrated database with the fixtures (its users sign in with demo-password). */
async function fixtureDatabase(): Promise<ServerDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterdeck-signals-'))
  const template = await createTestDatabase(dataDir)
  await template.db.close()
  const dispose = async () => {
    if (template.url) await template.dispose()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  disposers.push(dispose)
  return {
    kind: template.url ? 'postgres' : 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir, ...(template.url ? { DATABASE_URL: template.url } : {}) },
    dispose,
  }
}

/** Resolves once the process has printed `text`; rejects if it exits first. */
function printed(server: ServerProcess, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!server.output().includes(text)) return
      cleanup()
      resolve()
    }
    const exited = (code: unknown) => {
      cleanup()
      reject(new Error(`exited (${String(code)}) before printing "${text}":\n${server.output()}`))
    }
    const cleanup = () => {
      server.child.stdout?.off('data', check)
      server.child.off('exit', exited)
    }
    server.child.stdout?.on('data', check)
    server.child.once('exit', exited)
    check()
  })
}

/** The outcome of a request: its status, or the socket error's code (ECONNRESET...). */
type Outcome = number | string

function outcomeOf(req: http.ClientRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
    })
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
  })
}

/** Keep-alive connections to the server, signed in as an admin. */
class Connections {
  readonly agent: http.Agent
  cookie = ''
  constructor(
    readonly url: string,
    readonly count: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: count })
  }

  request(method: string, pathname: string, headers: Record<string, string | number> = {}) {
    return http.request(new URL(pathname, this.url), {
      method,
      agent: this.agent,
      headers: { 'x-request-id': crypto.randomUUID(), cookie: this.cookie, ...headers },
    })
  }

  async signIn() {
    const body = 'username=admin2%40demo.local&password=demo-password'
    const req = this.request('POST', '/api/v1/auth/cookie/login', {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': body.length,
    })
    const response = new Promise<http.IncomingMessage>((r) => req.on('response', r))
    req.end(body)
    const res = await response
    res.resume()
    this.cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
  }

  /** Opens every connection (as many requests at once as connections) and leaves them idle. */
  async open() {
    const all = Array.from({ length: this.count }, () => {
      const req = this.request('GET', '/api/v1/users/me')
      req.end()
      return outcomeOf(req)
    })
    expect(await Promise.all(all)).toEqual(Array(this.count).fill(200))
  }

  /**
   * A bulk push the server has received (its headers, with `Expect: 100-continue`: the server's
   * "100 Continue" comes from the listener whose first hook decides between serving and 503) but
   * whose body is held back until `finish()`: in flight for as long as the test needs.
   */
  async inFlight() {
    const body = JSON.stringify({
      items: [
        {
          device_id: '00000000-0000-4000-8000-000000000000',
          timestamp: new Date().toISOString(),
          kwh: 1,
        },
      ],
    })
    const req = this.request('POST', '/api/v1/devices/bulk_push', {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    })
    const outcome = outcomeOf(req)
    req.flushHeaders()
    await new Promise<void>((resolve, reject) => {
      req.once('continue', resolve)
      void outcome.then((o) => reject(new Error(`answered ${o} before 100 Continue`)))
    })
    return {
      finish: () => {
        req.end(body)
        return outcome
      },
    }
  }

  close() {
    this.agent.destroy()
  }
}

describe('signals to the server process', () => {
  it('drains once through SIGTERM, SIGTERM again and SIGINT: in flight 200, new 503, exit 0', async () => {
    const database = await fixtureDatabase()
    const server = await spawnServer(database, {
      apiOnly: true,
      // Long enough that the requests below reach the idle connections on a loaded machine.
      env: { SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' },
    })
    const connections = new Connections(server.url, 8)
    try {
      await connections.signIn()
      await connections.open()
      const held = await Promise.all(Array.from({ length: 4 }, () => connections.inFlight()))

      process.kill(server.pid, 'SIGTERM')
      await printed(server, 'SIGTERM: shutting down')
      process.kill(server.pid, 'SIGTERM')
      await printed(server, 'SIGTERM: already shutting down')
      process.kill(server.pid, 'SIGINT')
      await printed(server, 'SIGINT: already shutting down')

      // New requests on the four idle keep-alive connections: refused, not reset.
      const late = Array.from({ length: 4 }, () => {
        const req = connections.request('GET', '/api/v1/users/me')
        req.end()
        return outcomeOf(req)
      })
      expect(await Promise.all(late)).toEqual([503, 503, 503, 503])
      expect(await Promise.all(held.map((h) => h.finish()))).toEqual([200, 200, 200, 200])
      expect(await server.exited).toBe(0)
    } finally {
      connections.close()
      await server.stop(2000)
    }
  }, 300_000)

  it('drains once when the whole process group of `npm start` gets SIGTERM (npm relays it)', async () => {
    const database = await fixtureDatabase()
    const server = await spawnServer(database, {
      apiOnly: true,
      npmStart: true,
      env: { SHUTDOWN_GRACE_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' },
    })
    const connections = new Connections(server.url, 8)
    try {
      await connections.signIn()
      await connections.open()
      const held = await Promise.all(Array.from({ length: 4 }, () => connections.inFlight()))

      process.kill(-server.pid, 'SIGTERM')
      await printed(server, 'SIGTERM: shutting down')
      const late = Array.from({ length: 4 }, () => {
        const req = connections.request('GET', '/api/v1/users/me')
        req.end()
        return outcomeOf(req)
      })
      expect(await Promise.all(late)).toEqual([503, 503, 503, 503])
      expect(await Promise.all(held.map((h) => h.finish()))).toEqual([200, 200, 200, 200])
      // npm ends at once, by the signal; the server, its grandchild, still writes to the same pipe.
      await new Promise<void>((resolve) => {
        const check = () => {
          if (server.output().includes('Stopped: every request in flight was answered.')) resolve()
        }
        server.child.stdout?.on('data', check)
        check()
      })
    } finally {
      connections.close()
      try {
        process.kill(-server.pid, 'SIGKILL')
      } catch {
        // the group has gone
      }
    }
  }, 300_000)
})
