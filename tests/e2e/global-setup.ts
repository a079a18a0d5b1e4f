import { execFileSync } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freshDatabase, root, spawnServer } from './support/server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the e2e files share (see support/app.ts startApp), and where its output goes. */
    e2eServer: { url: string; outputFile: string; database: 'pglite' | 'postgres' }
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

/**
 * Builds the SPA once for every e2e file (unless E2E_APP_BUILT=1: `npm test` builds it beside the
 * type check), then starts the one server they share, on a fresh database (PostgreSQL when
 * TEST_DATABASE_URL is set). The first e2e file waits for it.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_APP_BUILT) buildApp()
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
  project.provide('e2eServer', { url: server.url, outputFile, database: database.kind })
  return async () => {
    await server.stop()
    output.end()
    await database.dispose()
  }
}
