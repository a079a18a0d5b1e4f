import pg from 'pg'
import type { TestProject } from 'vitest/node'

/** Fails the PostgreSQL run up front, with what to do, rather than every file on its own. */
export default async function requirePostgres(project: TestProject) {
  const url = project.config.env.TEST_DATABASE_URL
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('SELECT 1')
  } catch (error) {
    throw new Error(
      `The server suite's PostgreSQL run cannot reach ${url} (${(error as Error).message}). ` +
        'Start PostgreSQL, point TEST_DATABASE_URL at one, or set SKIP_POSTGRES_TESTS=1.',
      { cause: error },
    )
  } finally {
    await client.end().catch(() => {})
  }
}
