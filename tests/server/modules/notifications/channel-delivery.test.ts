import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM } from '~/server/db/database.ts'
import { evaluateRules } from '~/server/modules/notifications/evaluator.ts'
import { deliveriesRepository } from '~/server/modules/notifications/outbox.ts'
import {
  startOutboxWorker,
  type OutboxWorker,
} from '~/server/modules/notifications/outbox-worker.ts'
import { build, type TestApp } from '../../helpers/build.ts'

/**
 * Channel deliveries end to end inside one process: the evaluator raises an alarm, the outbox
 * worker sends it to a real SMTP server (smtp-server, STARTTLS) and to a local HTTP receiver
 * that verifies the Standard Webhooks signature with the standardwebhooks package.
 */
let t: TestApp
let worker: OutboxWorker
let smtp: SMTPServer
let receiver: http.Server
const MINUTE = 60_000
const NOW = Math.floor(Date.now() / MINUTE) * MINUTE
const PUBLIC_URL = 'https://meterdeck.example.test'

interface Mail {
  raw: string
  secure: boolean
  to: string[]
}
const mails: Mail[] = []
let mailArrived: (() => void) | undefined

interface Hook {
  headers: Record<string, string>
  body: string
}
const hooks: Hook[] = []
/** What the receiver answers next (then 200). */
const answers: number[] = []
let hookArrived: (() => void) | undefined

const nextMail = () => new Promise<void>((resolve) => (mailArrived = resolve))
const nextHook = () => new Promise<void>((resolve) => (hookArrived = resolve))

/** The decoded text of each MIME part (quoted-printable or base64), by content type. */
function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1]
  if (!boundary) throw new Error('not a multipart message')
  const parts: Record<string, string> = {}
  for (const part of raw.split(`--${boundary}`).slice(1, -1)) {
    const [head, ...rest] = part.split(/\r?\n\r?\n/)
    const body = rest.join('\n\n')
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head!)?.[1]?.trim() ?? ''
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head!)?.[1]?.toLowerCase()
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_, h: string) =>
                  String.fromCharCode(parseInt(h, 16)),
                ),
              'latin1',
            ).toString('utf8')
          : body
  }
  return parts
}

async function startSmtp(): Promise<number> {
  smtp = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          to: session.envelope.rcptTo.map((r) => r.address),
        })
        callback()
        mailArrived?.()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return (smtp.server.address() as AddressInfo).port
}

async function startReceiver(): Promise<number> {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      hooks.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      response.writeHead(answers.shift() ?? 200).end()
      hookArrived?.()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  return (receiver.address() as AddressInfo).port
}

let device: string
let ruleId: string
let hookChannel: { id: string; secret: string }
let mailChannel: string

const post = async (url: string, payload?: object) =>
  t.call(await t.as('admin'), { method: 'POST', url, ...(payload ? { payload } : {}) })

const deliveryOf = async (channelId: string) =>
  (
    await t.db.query<{
      id: string
      status: string
      attempts: number
      response_code: number | null
      webhook_id: string
      error: string | null
    }>(
      `SELECT id, status, attempts, response_code, webhook_id, error FROM channel_deliveries
       WHERE channel_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [channelId],
    )
  ).rows[0]!

/**
 * Waits (bounded) until the row says the attempt was recorded: the worker writes after sending
 * (a claimed row is already `pending` with one attempt more, but without its outcome).
 */
async function recorded(channelId: string, attempts: number, status: string) {
  for (let i = 0; i < 200; i++) {
    const row = await deliveryOf(channelId)
    const outcome = status !== 'pending' || row.error !== null
    if (row.attempts === attempts && row.status === status && outcome) return row
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`delivery never reached attempt ${attempts} ${status}`)
}

/** The retry falls due now instead of after its backoff. */
const dueNow = (channelId: string) =>
  t.db.query(
    `UPDATE channel_deliveries SET next_attempt_at = now() WHERE channel_id = $1 AND status = 'pending'`,
    [channelId],
  )

/** A new alarm: the device goes silent past the rule's 30 minutes, then reports again. */
async function raiseAndRecover(minutes: number) {
  await t.db.query('UPDATE devices SET last_seen = $2 WHERE id = $1', [
    device,
    new Date(NOW + (minutes - 40) * MINUTE).toISOString(),
  ])
  await evaluateRules(t.db, { now: new Date(NOW + minutes * MINUTE) })
}

beforeAll(async () => {
  const smtpPort = await startSmtp()
  const hookPort = await startReceiver()
  t = await build({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}/?tls.rejectUnauthorized=false`,
      mailFrom: 'MeterDeck <alerts@example.test>',
      publicUrl: PUBLIC_URL,
      timeoutMs: 5_000,
    },
  })
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO devices (group_id, name, serial_number, location, last_seen)
     VALUES ($1, 'Freezer room', 'MAIL-1', 'Basement', now()) RETURNING id`,
    [t.fx.groups.A],
  )
  device = rows[0]!.id
  const hook = await post('/api/v1/notifications/channels', {
    group_id: t.fx.groups.A,
    type: 'webhook',
    name: 'Receiver',
    url: `http://127.0.0.1:${hookPort}/hooks`,
  })
  hookChannel = hook.json()
  const mail = await post('/api/v1/notifications/channels', {
    group_id: t.fx.groups.A,
    type: 'email',
    name: 'On-call',
    addresses: ['oncall@example.test', 'lead@example.test'],
  })
  expect(mail.json().mail_configured).toBe(true)
  mailChannel = mail.json().id
  const rule = await post('/api/v1/notifications/rules', {
    group_id: t.fx.groups.A,
    name: 'Freezer offline',
    alert_type: 'DEVICE_OFFLINE',
    offline_after_minutes: 30,
    device_ids: [device],
    severity: 'critical',
    channel_ids: [mailChannel],
  })
  ruleId = rule.json().id
  worker = await startOutboxWorker(t.db, pino({ level: 'silent' }), {
    mail: t.config.mail,
    pollMs: 60_000,
  })
})

afterAll(async () => {
  await worker?.stop()
  await t?.close()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
})

describe('e-mail over SMTP', () => {
  it('sends a plain-text and an HTML message per raise, over STARTTLS, with a link', async () => {
    const arrived = nextMail()
    await raiseAndRecover(0)
    await arrived
    const mail = mails.at(-1)!
    expect(mail.secure).toBe(true)
    expect(mail.to.sort()).toEqual(['lead@example.test', 'oncall@example.test'])
    expect(mail.raw).toMatch(/^Subject: \[CRITICAL\] Device offline: Freezer room/m)
    expect(mail.raw).toMatch(/^From: MeterDeck <alerts@example\.test>/m)
    const parts = mimeParts(mail.raw)
    const link = `${PUBLIC_URL}/devices/${device}`
    expect(parts['text/plain']).toContain('Freezer room has been offline for 40 min.')
    expect(parts['text/plain']).toContain('Condition: Freezer offline (DEVICE_OFFLINE)')
    expect(parts['text/plain']).toContain('offline_duration_minutes: 40')
    expect(parts['text/plain']).toContain(link)
    expect(parts['text/html']).toContain(`<a href="${link}">Open Freezer room in MeterDeck</a>`)
    expect(parts['text/html']).toContain('<th align="left">Device</th><td>Freezer room</td>')
    const row = await recorded(mailChannel, 1, 'sent')
    expect(row.response_code).toBe(250)
  })

  it('sends the clear as its own message', async () => {
    const arrived = nextMail()
    await t.db.query('UPDATE devices SET last_seen = $2 WHERE id = $1', [
      device,
      new Date(NOW + 5 * MINUTE).toISOString(),
    ])
    await evaluateRules(t.db, { now: new Date(NOW + 6 * MINUTE) })
    await arrived
    const mail = mails.at(-1)!
    expect(mail.raw).toMatch(/^Subject: Cleared Device offline: Freezer room/m)
    expect(mimeParts(mail.raw)['text/plain']).toContain(
      'Freezer room: Device offline is over (the condition ended).',
    )
  })
})

describe('webhooks', () => {
  beforeAll(async () => {
    await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/notifications/rules/${ruleId}`,
      payload: { channel_ids: [hookChannel.id] },
    })
  })

  it('signs as Standard Webhooks says, and retries after a 503 under the same webhook-id', async () => {
    answers.push(503)
    const first = nextHook()
    await raiseAndRecover(100)
    await first
    const failed = await recorded(hookChannel.id, 1, 'pending')
    expect(failed.response_code).toBe(503)
    const second = nextHook()
    await dueNow(hookChannel.id)
    worker.wake()
    await second
    const sent = await recorded(hookChannel.id, 2, 'sent')
    expect(sent.response_code).toBe(200)
    const [a, b] = hooks.slice(-2)
    expect(a!.headers['webhook-id']).toBe(sent.webhook_id)
    expect(b!.headers['webhook-id']).toBe(sent.webhook_id)
    expect(a!.body).toBe(b!.body)
    const verified = new Webhook(hookChannel.secret).verify(b!.body, b!.headers) as {
      type: string
      data: Record<string, { id: string; url?: string; severity?: string }>
    }
    expect(verified.type).toBe('alarm.raised')
    expect(verified.data.device).toEqual({
      id: device,
      name: 'Freezer room',
      url: `${PUBLIC_URL}/devices/${device}`,
    })
    expect(verified.data.alarm!.severity).toBe('critical')
    // A signature made with another secret fails the same check.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(b!.body, b!.headers),
    ).toThrow()
  })

  it('stops after a 400: the delivery fails and is never claimed again', async () => {
    answers.push(400)
    const arrived = nextHook()
    await t.db.query('UPDATE devices SET last_seen = $2 WHERE id = $1', [
      device,
      new Date(NOW + 150 * MINUTE).toISOString(),
    ])
    await evaluateRules(t.db, { now: new Date(NOW + 151 * MINUTE) })
    await arrived
    const failed = await recorded(hookChannel.id, 1, 'failed')
    expect(failed.response_code).toBe(400)
    await dueNow(hookChannel.id)
    const claimable = await t.db.transaction(SYSTEM, (tx) =>
      deliveriesRepository(tx).claimDue(100, 1_000),
    )
    expect(claimable).toEqual([])
  })

  it('Send test answers the outcome and shows in the delivery log', async () => {
    const tested = await post(`/api/v1/notifications/channels/${hookChannel.id}/test`)
    expect(tested.statusCode, tested.body).toBe(200)
    expect(tested.json()).toMatchObject({ event: 'test', status: 'sent', response_code: 200 })
    const body = new Webhook(hookChannel.secret).verify(hooks.at(-1)!.body, hooks.at(-1)!.headers)
    expect(body).toMatchObject({ type: 'channel.test', data: { alarm: null, device: null } })
    const log = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/notifications/channels/${hookChannel.id}/deliveries`,
    })
    const events = log.json().items.map((d: { event: string; status: string }) => d.event)
    expect(events[0]).toBe('test')
    expect(events).toContain('raise')
  })
})
