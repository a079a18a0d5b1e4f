import { execFileSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freshDatabase, root, spawnServer } from './support/server'

/** A server the e2e files of one worker share (see support/app.ts startApp). */
export interface SharedServer {
  url: string
  /** Where its output goes. */
  outputFile: string
  database: 'pglite' | 'postgres'
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared server per e2e worker: the files of worker n use server n - 1. */
    e2eServers: SharedServer[]
  }
}

/** The production build the e2e files test (`npm start` serves the same). */
function buildApp() {
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which Vite would pass on: React's development build, twice the
    // size and much slower than what `npm start` serves.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

async function startSharedServer() {
  const database = await freshDatabase()
  const server = await spawnServer(database, {
    wait: false,
    // Rules are judged every 5 s instead of each minute: files that wait for an alert or an
    // offline status wait seconds, not up to a minute (what they check does not depend on when).
    env: { RULES_EVALUATOR_INTERVAL_MS: '5000' },
  })
  const outputFile = path.join(database.dataDir, 'server-output.log')
  const output = createWriteStream(outputFile)
  server.child.stdout?.pipe(output)
  server.child.stderr?.pipe(output)
  const shared: SharedServer = { url: server.url, outputFile, database: database.kind }
  const stop = async () => {
    await server.stop()
    output.end()
    await database.dispose()
  }
  return { shared, stop }
}

/**
 * Builds the SPA once for every e2e file (unless E2E_APP_BUILT=1: `npm test` builds it beside the
 * type check), then starts one server per worker, each on a fresh database (PostgreSQL when
 * TEST_DATABASE_URL is set): a worker's files run one after another against its own server, as
 * they all did against one before, while the other worker's files run against the other. The
 * first file of a worker waits for its server.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_APP_BUILT) buildApp()
  const workers = Number(project.config.maxWorkers) || 1
  const servers = await Promise.all(Array.from({ length: workers }, startSharedServer))
  project.provide(
    'e2eServers',
    servers.map((server) => server.shared),
  )
  return async () => {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
