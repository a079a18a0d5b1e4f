import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SYSTEM, type Database } from './database.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const migrationsDir = path.join(here, 'migrations')

/** Any number, the same in every replica: migrations run one process at a time. */
const MIGRATION_LOCK = 7_340_021

export interface Migration {
  version: string
  name: string
  sql: string
  checksum: string
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(dir, file), 'utf8')
      return {
        version: file.slice(0, 3),
        name: file,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      }
    })
}

/**
 * Applies the numbered migrations not yet applied, each in its own transaction together with its
 * row in schema_migrations, then re-applies the grants. Safe to run on every start and from
 * several replicas at once (an advisory lock serialises them). Refuses an applied file that changed.
 */
export async function migrate(
  db: Database,
  dir = migrationsDir,
  /** Told of each migration about to be applied (`npm start` prints it: a first start takes a while). */
  progress?: (line: string) => void,
): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const applied: string[] = []
  const migrations = readMigrations(dir)
  for (const [index, migration] of migrations.entries()) {
    await db.transaction(SYSTEM, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const { rows } = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [migration.version],
      )
      if (rows[0]) {
        if (rows[0].checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} changed after it was applied. Add a new numbered migration instead.`,
          )
        }
        return
      }
      progress?.(`Migrating the database: ${index + 1}/${migrations.length} ${migration.name}`)
      await tx.exec(migration.sql)
      await tx.query(
        'INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)',
        [migration.version, migration.name, migration.checksum],
      )
      applied.push(migration.name)
    })
  }
  await db.transaction(SYSTEM, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(fs.readFileSync(path.join(here, 'grants.sql'), 'utf8'))
  })
  return applied
}
