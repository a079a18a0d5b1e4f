import type { Config } from '../config.ts'
import { SYSTEM, type Database } from '../db/database.ts'
import type { Logs } from '../logging.ts'
import { hashPassword } from '../modules/auth/passwords.ts'
import { DEMO_LOGINS, seedDemo, type DemoReport } from './demo.ts'
import { seedDemoNotifications } from './notifications.ts'

export { DEMO_LOGINS } from './demo.ts'

export interface SeedReport {
  demo?: DemoReport
  hasDemoUsers: boolean
  firstAdmin?: string
}

/**
 * On an empty database: the demo tenant in development (or with SEED=1), never in production;
 * outside development the first account comes from ADMIN_EMAIL / ADMIN_PASSWORD.
 */
export async function seedOnStart(
  db: Database,
  config: Config,
  logs: Logs,
  progress?: (line: string) => void,
): Promise<SeedReport> {
  const { rows } = await db.query<{ users: number }>('SELECT count(*)::int AS users FROM users')
  const empty = rows[0]!.users === 0
  const report: SeedReport = { hasDemoUsers: false }
  const demoAllowed = config.seed.enabled && config.appEnv !== 'production'
  if (empty && demoAllowed) {
    report.demo = await seedDemo(db, {
      days: config.seed.days,
      devicesPerGroup: config.seed.devicesPerGroup,
      scryptLogN: config.scryptLogN,
      progress,
    })
    progress?.('Seeding the demo tenant: notifications and alarms')
    await seedDemoNotifications(db, { days: config.seed.days })
    logs.logger.info({ logger: 'seed', ...report.demo }, 'Seeded the demo tenant')
  } else if (empty && config.firstAdmin) {
    const admin = config.firstAdmin
    const hash = await hashPassword(admin.password, config.scryptLogN)
    await db.transaction(SYSTEM, (tx) =>
      tx.query(
        'INSERT INTO users (email, full_name, role, password_hash) VALUES (lower($1), $2, $3, $4)',
        [admin.email, admin.fullName, admin.role, hash],
      ),
    )
    report.firstAdmin = admin.email.toLowerCase()
    logs.audit.info(
      { action: 'user.create', email: report.firstAdmin, role: admin.role, by: 'environment' },
      'Created the first admin',
    )
  } else if (empty) {
    logs.logger.warn(
      { logger: 'seed' },
      'No accounts exist: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin',
    )
  }
  const demo = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE email = ANY($1)',
    [DEMO_LOGINS.map((l) => l.email)],
  )
  report.hasDemoUsers = demo.rows[0]!.n > 0 && demoAllowed
  return report
}
