import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { parseAllowHosts, type WebhookSettings } from './modules/notifications/webhook-target.ts'

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
  /** A log file is rotated when it reaches this size (MB). */
  LOG_MAX_SIZE_MB: z.coerce.number().positive().max(10_000).optional(),
  /** Rotated files kept per log (main.1.log ... main.N.log); older ones are deleted. */
  LOG_MAX_FILES: z.coerce.number().int().min(0).max(100).optional(),
  /** HMAC key for access tokens; when unset a random key is kept in DATA_DIR/session.key. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Trust X-Forwarded-For from these proxy addresses or subnets (comma-separated); off by default. */
  TRUST_PROXY: z.string().optional(),
  COOKIE_SECURE: flag.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  ADMIN_FULL_NAME: z.string().min(1).optional(),
  ADMIN_ROLE: z.enum(['superuser', 'developer']).optional(),
  SEED: flag.optional(),
  SEED_DAYS: z.coerce.number().int().min(0).max(800).optional(),
  SEED_DEVICES: z.coerce.number().int().min(1).max(50).optional(),
  /** Append fresh demo readings while the server runs (on by default outside test and production). */
  SIMULATE: flag.optional(),
  /** Evaluate notification rules every minute (on by default outside test). */
  RULES_EVALUATOR: flag.optional(),
  /** How often the evaluator runs, in ms (default a minute; tests shorten it). */
  RULES_EVALUATOR_INTERVAL_MS: z.coerce.number().int().min(500).max(3_600_000).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** While draining, how long an idle keep-alive connection may still send a request (answered 503). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Alarm e-mail: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL starts with smtp:// or smtps://')
    .optional(),
  /** The From of alarm e-mail, e.g. `MeterDeck <alerts@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Internal webhook receivers allowed after all: comma-separated host names, addresses or CIDRs
   * (`hooks.corp.internal,10.20.0.0/16,127.0.0.1`). Every other loopback, private, link-local,
   * multicast or reserved target is refused.
   */
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseAllowHosts(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
      }
    }),
  /** Bulk pushes processed at once, waiting for a turn, and the longest wait (ms). */
  INGEST_MAX_CONCURRENT: z.coerce.number().int().min(1).max(1000).optional(),
  INGEST_MAX_QUEUED: z.coerce.number().int().min(0).max(10_000).optional(),
  INGEST_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  /** Frontend log batches, and their size in KiB, one session may send per minute. */
  FRONTEND_LOG_BATCHES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).optional(),
  FRONTEND_LOG_KB_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /**
   * The console's address as devices and browsers reach it: connect instructions (default: the
   * request's) and the links in alarm e-mail and webhooks.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The embedded MQTT broker's port and address (modules/mqtt); MQTT_HOST defaults to HOST. */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().min(1).optional(),
  /** Off: no broker and no subscription (devices still use HTTP). */
  MQTT_ENABLED: flag.optional(),
  /** An external broker (mqtt://, mqtts://, ws://, wss://): no embedded broker, a shared subscription. */
  MQTT_URL: z
    .string()
    .url()
    .refine(
      (v) => /^(mqtts?|wss?|tcp|ssl):\/\//.test(v),
      'must start with mqtt://, mqtts://, ws:// or wss://',
    )
    .optional(),
  /** This replica's MQTT client id with MQTT_URL (its persistent session); default host name + PORT. */
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits, _ . : - only, at most 64')
    .optional(),
  /** The shared subscription's group (replicas of one deployment share it). */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only, at most 64')
    .optional(),
  /** How long the external broker keeps a replica's session while it is away (s). */
  MQTT_SESSION_EXPIRY: z.coerce.number().int().min(60).max(4_294_967_295).optional(),
  /** The shared secret the broker sends to POST /api/v1/mqtt/auth and /acl (X-MQTT-Auth-Secret). */
  MQTT_AUTH_SECRET: z.string().min(16).optional(),
  /**
   * A Mosquitto dynamic-security admin's URL (mqtt://user:password@host:port): the server then keeps
   * one broker client per device token (deploy/mosquitto/README.md).
   */
  MQTT_DYNSEC_URL: z
    .string()
    .url()
    .refine(
      (v) => /^(mqtts?|wss?|tcp|ssl):\/\//.test(v),
      'must start with mqtt://, mqtts://, ws:// or wss://',
    )
    .optional(),
  /** How often the server checks that the external broker refuses strangers (s). */
  MQTT_TRUST_CHECK_INTERVAL: z.coerce.number().int().min(1).max(86_400).optional(),
  /** How long a batch of MQTT messages waits for more (ms), and its most readings. */
  MQTT_BATCH_MS: z.coerce.number().int().min(0).max(1000).optional(),
  MQTT_BATCH_READINGS: z.coerce.number().int().min(1).max(50_000).optional(),
})

export interface LoginLimits {
  /** Failed attempts allowed on one account from one client address within `windowMs`. */
  perAccount: number
  /**
   * Failed attempts on one account from all addresses within `windowMs` after which the account
   * is under attack: an address that has failed on it in the window is refused, one that has not
   * may still try (plugins/login-throttle.ts).
   */
  accountUnderAttack: number
  /** Failed attempts allowed per client address within `windowMs`. */
  perAddressFailures: number
  /** Attempts of any outcome allowed per client address per minute. */
  perAddressPerMinute: number
  windowMs: number
}

/** Size-based rotation of each log file: `name.log` -> `name.1.log` -> ... -> `name.{maxFiles}.log`. */
export interface LogRotation {
  maxBytes: number
  maxFiles: number
}

/** 5 x 20 MB + the current file: the log viewer reads ~120 MB per log at most. */
export const DEFAULT_LOG_ROTATION: LogRotation = { maxBytes: 20 * 1024 * 1024, maxFiles: 5 }

/**
 * Overload protection for bulk ingest: at most `maxConcurrent` pushes run, `maxQueued` wait for
 * a turn (shared fairly between tenants, plugins/ingest-limit.ts); a push finding the queue full
 * answers 429, one waiting longer than `queueTimeoutMs` answers 503, both with Retry-After,
 * instead of every push slowing to a crawl.
 */
export interface IngestLimits {
  maxConcurrent: number
  maxQueued: number
  queueTimeoutMs: number
}

/**
 * What one session may ship to the frontend log (postFrontendLogs) per minute, as a rate that
 * refills continuously: batches, and bytes as written to frontend.log. Beyond it: 429 with
 * Retry-After. (Each user's share of a frontend.log file is capped too: logging.ts.)
 */
export interface FrontendLogLimits {
  batchesPerMinute: number
  bytesPerMinute: number
}

/**
 * Device ingest over MQTT (modules/mqtt): an embedded broker on `host:port` unless `url` names an
 * external one, which the server subscribes to with a shared subscription as `clientId`.
 */
export interface MqttConfig {
  enabled: boolean
  host: string
  port: number
  url: string | undefined
  clientId: string
  shareGroup: string
  sessionExpirySeconds: number
  authSecret: string | undefined
  /** A Mosquitto dynamic-security admin (broker-accounts.ts), or undefined. */
  dynsecUrl: string | undefined
  /** Between two checks that the external broker refuses strangers (broker-trust.ts). */
  trustCheckIntervalMs: number
  /** Batching: a batch waits at most `batchMs` for more messages, and holds at most `batchReadings`. */
  batchMs: number
  batchReadings: number
  /** Batches committing at once (PGlite runs one transaction at a time). */
  maxConcurrentBatches: number
}

/**
 * What the alarm senders need (modules/notifications/channel-senders.ts). Declared here, beside
 * the rest of the configuration: config.ts sits below the modules and imports only leaves of
 * them (webhook-target.ts, which parses WEBHOOK_ALLOW_HOSTS); a config -> senders import closed
 * a cycle through alarm-text, alerts, the repositories and context.ts back to config.ts.
 */
export interface MailSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://...`. */
  smtpUrl: string | undefined
  mailFrom: string
  /** The console's address, for links to the device; none without PUBLIC_URL. */
  publicUrl: string | undefined
  /** The longest wait for a receiver or mail server. */
  timeoutMs: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  appEnv: AppEnv
  logLevel: string
  logStdout: string
  logRotation: LogRotation
  sessionSecret: string | undefined
  /**
   * The proxies whose X-Forwarded-For entries are believed (addresses, subnets or proxy-addr's
   * names like `loopback`), or none. Never "all": the left-most entry is whatever the client wrote.
   */
  trustProxy: false | string
  cookieSecure: boolean
  /** Access token lifetime: the client refreshes every 25 minutes. */
  accessTtlSeconds: number
  /** How long a verified session is trusted without asking the database (0: ask every time). */
  sessionCacheMs: number
  refreshTtlSeconds: number
  /** scrypt cost as log2(N); OWASP: N=2^17, r=8, p=1. Tests may lower it. */
  scryptLogN: number
  loginLimits: LoginLimits
  bodyLimit: number
  ingestLimits: IngestLimits
  frontendLogLimits: FrontendLogLimits
  firstAdmin:
    | { email: string; password: string; fullName: string; role: 'superuser' | 'developer' }
    | undefined
  seed: { enabled: boolean; days: number; devicesPerGroup: number }
  /** The demo simulator (seed/simulator.ts): new readings for the demo devices every few minutes. */
  simulator: { enabled: boolean; intervalMs: number }
  /** The notification rules evaluator (modules/notifications/evaluator.ts). */
  rulesEvaluator: { enabled: boolean; intervalMs: number }
  /** Alarm e-mail and webhooks (modules/notifications/outbox-worker.ts). */
  mail: MailSettings
  /** Where webhooks may go (modules/notifications/webhook-target.ts). */
  webhooks: WebhookSettings
  shutdownTimeoutMs: number
  /** SHUTDOWN_GRACE_MS: idle keep-alive connections are closed this long after draining starts. */
  shutdownGraceMs: number
  /** The console's public address (PUBLIC_URL), or undefined: answers use the request's. */
  publicUrl: string | undefined
  mqtt: MqttConfig
}

function parseTrustProxy(value: string | undefined): false | string {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false
  // `true` makes the client-written left-most X-Forwarded-For entry the address (rotating it
  // would dodge the per-address login limit), and Fastify 5 trusts no one for a hop count.
  if (value === 'true' || /^\d+$/.test(value)) {
    throw new Error(
      `TRUST_PROXY=${value} is not supported: name the proxies in front of the server by address or subnet (e.g. 10.0.0.0/8, or loopback).`,
    )
  }
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
    logRotation: {
      maxBytes: Math.round(
        (e.LOG_MAX_SIZE_MB ?? DEFAULT_LOG_ROTATION.maxBytes / 1024 / 1024) * 1024 * 1024,
      ),
      maxFiles: e.LOG_MAX_FILES ?? DEFAULT_LOG_ROTATION.maxFiles,
    },
    sessionSecret: e.SESSION_SECRET,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    cookieSecure: e.COOKIE_SECURE ?? !development,
    accessTtlSeconds: 30 * 60,
    // Revocations reach the cache at once (session-cache.ts): this only bounds what a missed
    // notification could cost.
    sessionCacheMs: 10_000,
    refreshTtlSeconds: 14 * 24 * 60 * 60,
    scryptLogN: 17,
    loginLimits: {
      perAccount: 5,
      accountUnderAttack: 20,
      perAddressFailures: 20,
      perAddressPerMinute: 30,
      windowMs: 15 * 60_000,
    },
    // The contract's limit for JSON bodies: 10,000 bulk readings fit.
    bodyLimit: 5 * 1024 * 1024,
    // One tenant runs all turns but one (plugins/ingest-limit.ts): 1 on PGlite, 4 on PostgreSQL.
    // PGlite runs one transaction at a time on the server's own thread, so a tenant's second turn
    // bought it nothing (tests/bench/RESULTS.md) while another tenant's push queued behind both.
    ingestLimits: {
      maxConcurrent: e.INGEST_MAX_CONCURRENT ?? (e.DATABASE_URL ? 5 : 2),
      maxQueued: e.INGEST_MAX_QUEUED ?? 16,
      queueTimeoutMs: e.INGEST_QUEUE_TIMEOUT_MS ?? 15_000,
    },
    // The console ships every 10 s, or at once when 50 entries wait: 30 batches a minute is a
    // page logging without pause; 1 MiB is 2,000 entries of 500 bytes.
    frontendLogLimits: {
      batchesPerMinute: e.FRONTEND_LOG_BATCHES_PER_MINUTE ?? 30,
      bytesPerMinute: (e.FRONTEND_LOG_KB_PER_MINUTE ?? 1024) * 1024,
    },
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
    simulator: {
      enabled: e.SIMULATE ?? (e.APP_ENV !== 'test' && e.APP_ENV !== 'production'),
      intervalMs: 5 * 60_000,
    },
    rulesEvaluator: {
      enabled: e.RULES_EVALUATOR ?? e.APP_ENV !== 'test',
      intervalMs: e.RULES_EVALUATOR_INTERVAL_MS ?? 60_000,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? 'MeterDeck <alerts@meterdeck.invalid>',
      publicUrl: e.PUBLIC_URL,
      timeoutMs: 10_000,
    },
    webhooks: { allowHosts: parseAllowHosts(e.WEBHOOK_ALLOW_HOSTS) },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    mqtt: {
      enabled: e.MQTT_ENABLED ?? e.APP_ENV !== 'test',
      host: e.MQTT_HOST ?? e.HOST,
      port: e.MQTT_PORT,
      url: e.MQTT_URL,
      // Stable per replica, so its persistent session (and what queued for it) survives restarts.
      clientId: e.MQTT_CLIENT_ID ?? `meterdeck-${os.hostname()}-${e.PORT}`.slice(0, 64),
      shareGroup: e.MQTT_SHARE_GROUP ?? 'meterdeck',
      sessionExpirySeconds: e.MQTT_SESSION_EXPIRY ?? 86_400,
      authSecret: e.MQTT_AUTH_SECRET,
      dynsecUrl: e.MQTT_DYNSEC_URL,
      trustCheckIntervalMs: (e.MQTT_TRUST_CHECK_INTERVAL ?? 300) * 1000,
      batchMs: e.MQTT_BATCH_MS ?? 10,
      batchReadings: e.MQTT_BATCH_READINGS ?? 5000,
      maxConcurrentBatches: e.DATABASE_URL ? 4 : 1,
    },
    ...overrides,
  }
}
