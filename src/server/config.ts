import path from 'node:path'
import { z } from 'zod'

/** The four environments of spec §1; anything but development is treated as a real deployment. */
export const appEnvironments = ['development', 'test', 'staging', 'production'] as const
export type AppEnv = (typeof appEnvironments)[number]

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  APP_ENV: z.enum(appEnvironments).default('development'),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** Echo log lines of this level and above to stdout as well as the files. */
  LOG_STDOUT: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** HMAC key for access tokens; when unset a random key is kept in DATA_DIR/session.key. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Trust X-Forwarded-For: off by default, `true`, a hop count, or a list of proxy addresses. */
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: flag.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  ADMIN_FULL_NAME: z.string().min(1).optional(),
  ADMIN_ROLE: z.enum(['superuser', 'developer']).optional(),
  SEED: flag.optional(),
  SEED_DAYS: z.coerce.number().int().min(0).max(800).optional(),
  SEED_DEVICES: z.coerce.number().int().min(1).max(50).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
})

export interface LoginLimits {
  /** Failed attempts allowed per account within `windowMs` before 429. */
  perAccount: number
  /** Failed attempts allowed per client address within `windowMs`. */
  perAddressFailures: number
  /** Attempts of any outcome allowed per client address per minute. */
  perAddressPerMinute: number
  windowMs: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  appEnv: AppEnv
  logLevel: string
  logStdout: string
  sessionSecret: string | undefined
  trustProxy: boolean | number | string
  cookieSecure: boolean
  /** Access token lifetime: the client refreshes every 25 minutes. */
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** scrypt cost as log2(N); OWASP: N=2^17, r=8, p=1. Tests may lower it. */
  scryptLogN: number
  loginLimits: LoginLimits
  bodyLimit: number
  firstAdmin:
    | { email: string; password: string; fullName: string; role: 'superuser' | 'developer' }
    | undefined
  seed: { enabled: boolean; days: number; devicesPerGroup: number }
  shutdownTimeoutMs: number
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
}

/** Reads the environment once; throws with every bad variable named. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const development = e.APP_ENV === 'development'
  if (
    e.APP_ENV === 'production' &&
    (e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)
  ) {
    throw new Error(
      'Set both ADMIN_EMAIL and ADMIN_PASSWORD (or neither) to create the first admin.',
    )
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appEnv: e.APP_ENV,
    logLevel: e.LOG_LEVEL ?? (development || e.APP_ENV === 'test' ? 'debug' : 'info'),
    logStdout: e.LOG_STDOUT ?? (development ? 'info' : 'warn'),
    sessionSecret: e.SESSION_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE ?? !development,
    accessTtlSeconds: 30 * 60,
    refreshTtlSeconds: 14 * 24 * 60 * 60,
    scryptLogN: 17,
    loginLimits: {
      perAccount: 5,
      perAddressFailures: 20,
      perAddressPerMinute: 30,
      windowMs: 15 * 60_000,
    },
    // The contract's limit for JSON bodies: 10,000 bulk readings fit.
    bodyLimit: 5 * 1024 * 1024,
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? {
            email: e.ADMIN_EMAIL,
            password: e.ADMIN_PASSWORD,
            fullName: e.ADMIN_FULL_NAME ?? 'Administrator',
            role: e.ADMIN_ROLE ?? 'superuser',
          }
        : undefined,
    seed: {
      enabled: e.SEED ?? development,
      days: e.SEED_DAYS ?? 365,
      devicesPerGroup: e.SEED_DEVICES ?? 8,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ...overrides,
  }
}
