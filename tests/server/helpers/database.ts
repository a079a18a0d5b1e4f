import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrate } from '~/server/db/migrate.ts'
import { readMigrations } from '~/server/db/migrate.ts'
import { openPglite } from '~/server/db/pglite.ts'
import { openPostgres } from '~/server/db/postgres.ts'
import type { Database } from '~/server/db/database.ts'
import { FIXTURE_VERSION, seedFixtures } from './fixtures.ts'

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

export interface TestDatabase {
  db: Database
  kind: 'pglite' | 'postgres'
  /** The PostgreSQL database's URL (for a server started on it). */
  url?: string
  /** Closes the connection and drops the database (PostgreSQL) or closes PGlite. */
  dispose(): Promise<void>
}

const TEMPLATE_PREFIX = 'meterdeck-pglite-template-'
const HOUR_MS = 3_600_000

/**
 * A migrated PGlite data directory with the fixtures, made once per machine and hour (per
 * migrations and fixtures version) and copied for every test file: PGlite's initdb takes seconds,
 * a copy does not. The fixtures' readings end when they are seeded, and tests read them against
 * the clock ("today", "online"), so a template is not used past its hour.
 */
/** What a template holds: the migrations and fixtures, as of this hour (see pgliteTemplate). */
function templateVersion(): string {
  const hash = createHash('sha256')
  for (const m of readMigrations()) hash.update(m.checksum)
  hash.update(String(FIXTURE_VERSION))
  hash.update(fs.readFileSync(new URL('./fixtures.ts', import.meta.url)))
  hash.update(String(currentHour()))
  return hash.digest('hex').slice(0, 16)
}

const currentHour = () => Math.floor(Date.now() / HOUR_MS)

async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateVersion()}`)
  if (fs.existsSync(path.join(template, 'ready'))) return template
  removeStaleTemplates()
  const building = `${template}.building-${process.pid}-${randomBytes(4).toString('hex')}`
  const db = await openPglite(building)
  await migrate(db)
  await seedFixtures(db)
  await db.close()
  fs.writeFileSync(path.join(building, 'ready'), '')
  try {
    fs.renameSync(building, template)
  } catch {
    fs.rmSync(building, { recursive: true, force: true }) // another worker won the race
  }
  return template
}

/** Templates (or unfinished ones) older than two hours: no test file copies those any more. */
function removeStaleTemplates() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(TEMPLATE_PREFIX)) continue
    const dir = path.join(os.tmpdir(), name)
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > 2 * HOUR_MS) {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    } catch {
      // Another worker removed it first.
    }
  }
}

const POSTGRES_TEMPLATE_PREFIX = 'meterdeck_template_'

/**
 * The PostgreSQL counterpart of pgliteTemplate: a migrated database with the fixtures, made once per
 * hour and version under an advisory lock (the workers of a run, and runs side by side, make it
 * once), which each test file's database copies (`CREATE DATABASE ... TEMPLATE`, a file copy).
 * Templates of hours before the last are dropped. The name carries the hour so that can be told.
 */
async function postgresTemplate(admin: pg.Client): Promise<string> {
  const hour = currentHour()
  const name = `${POSTGRES_TEMPLATE_PREFIX}${hour}_${templateVersion()}`
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [POSTGRES_TEMPLATE_PREFIX])
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (rowCount) return name
    const building = `${name}_building`
    await admin.query(`DROP DATABASE IF EXISTS ${building}`)
    await admin.query(`CREATE DATABASE ${building}`)
    const url = new URL(TEST_DATABASE_URL!)
    url.pathname = `/${building}`
    const db = await openPostgres(url.toString(), { max: 1 })
    try {
      await migrate(db)
      await seedFixtures(db)
    } finally {
      await db.close()
    }
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`)
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${POSTGRES_TEMPLATE_PREFIX}%`],
    )
    for (const { datname } of rows) {
      const made = Number(datname.slice(POSTGRES_TEMPLATE_PREFIX.length).split('_')[0])
      if (made < hour - 1) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    }
    return name
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [POSTGRES_TEMPLATE_PREFIX])
  }
}

/** A fresh database with the fixtures: a PGlite copy, or a new PostgreSQL database dropped after. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) {
    const name = `meterdeck_test_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL })
    await admin.connect()
    try {
      const template = await postgresTemplate(admin)
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    } finally {
      await admin.end()
    }
    const url = new URL(TEST_DATABASE_URL)
    url.pathname = `/${name}`
    const db = await openPostgres(url.toString(), { max: 5 })
    await migrate(db)
    return {
      db,
      kind: 'postgres',
      url: url.toString(),
      async dispose() {
        await db.close().catch(() => {})
        const drop = new pg.Client({ connectionString: TEST_DATABASE_URL })
        await drop.connect()
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await drop.end()
      },
    }
  }
  const template = await pgliteTemplate()
  fs.cpSync(template, dataDir, { recursive: true, filter: (src) => path.basename(src) !== '.lock' })
  const db = await openPglite(dataDir)
  await migrate(db)
  return { db, kind: 'pglite', dispose: () => db.close() }
}
