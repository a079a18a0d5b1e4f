import path from 'node:path'
import type { Database } from './database.ts'
import { openPglite } from './pglite.ts'
import { openPostgres } from './postgres.ts'

export * from './database.ts'
export { migrate } from './migrate.ts'

/** PostgreSQL when a URL is given, otherwise PGlite under `dataDir/pglite`. */
export function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.resolve(options.dataDir))
}
