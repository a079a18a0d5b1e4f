import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import pino from 'pino'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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
 * that verifies the Standard Webhooks signature with the standardwebhooks package. The receiver
 * is on 127.0.0.1, which WEBHOOK_ALLOW_HOSTS allows (build.ts); names resolve through `names`
 * below, so a test can point one elsewhere between the channel's creation and a send.
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

/** The resolver the app uses: a name's addresses, as a test sets them. */
const names = new Map<string, string>()
const resolve = async (host: string): Promise<LookupAddress[]> => {
  const address = names.get(host)
  if (!address) throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' })
  return [{ address, family: net.isIP(address) }]
}

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
let hookPort: number
let hookChannel: { id: string; secret: string }
let mailChannel: string

const post = async (url: string, payload?: object) =>
  t.call(await t.as('admin'), { method: 'POST', url, ...(payload ? { payload } : {}) })

/** The newest alarm of the test's device. */
const latestAlarm = async () =>
  (
    await t.db.query<{ id: string }>(
      'SELECT id FROM alarms WHERE device_id = $1 ORDER BY raised_at DESC LIMIT 1',
      [device],
    )
  ).rows[0]!.id

/** A time as the e-mail writes it in Europe/Berlin: '29 Nov 14:02' and 'Sun 29 Nov 2026, 14:02'. */
function berlin(ms: number) {
  const part = (options: Intl.DateTimeFormatOptions) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hourCycle: 'h23', ...options })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    )
  const p = part({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
  return {
    short: `${p.day} ${p.month} ${p.hour}:${p.minute}`,
    full: `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`,
  }
}

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
  return vi.waitFor(
    async () => {
      const row = await deliveryOf(channelId)
      const outcome = status !== 'pending' || row.error !== null
      if (row.attempts !== attempts || row.status !== status || !outcome)
        throw new Error(`delivery never reached attempt ${attempts} ${status}`)
      return row
    },
    { timeout: 5_000, interval: 25 },
  )
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
  hookPort = await startReceiver()
  t = await build({
    mail: {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}/?tls.rejectUnauthorized=false`,
      mailFrom: 'MeterDeck <alerts@example.test>',
      publicUrl: PUBLIC_URL,
      timeoutMs: 5_000,
    },
    webhooks: { allowHosts: ['127.0.0.1'], resolve },
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
    webhooks: t.config.webhooks,
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
    const text = parts['text/plain']!
    const alarmId = await latestAlarm()
    const alarmLink = `${PUBLIC_URL}/notifications?tab=alarms&alarm=${alarmId}`
    const deviceLink = `${PUBLIC_URL}/devices/${device}`
    // Times in the group's zone (Northwind: Europe/Berlin), values labelled, the group named.
    const lastSeen = berlin(NOW - 40 * MINUTE)
    expect(text).toContain(`Freezer room has been offline since ${lastSeen.short} (40 min).`)
    expect(text).toMatch(/^Group: +Northwind Energy$/m)
    expect(text).toMatch(/^Rule: +Freezer offline$/m)
    expect(text).toMatch(/^Severity: +Critical$/m)
    expect(text).toMatch(new RegExp(`^Last seen: +${lastSeen.full} \\(Europe/Berlin\\)$`, 'm'))
    expect(text).toMatch(/^Offline when raised: +40 min$/m)
    expect(text).not.toMatch(/offline_duration_minutes|last_seen|device_id|T\d\d:\d\d:\d\d/)
    expect(text).toContain(`Open the alarm to acknowledge it: ${alarmLink}`)
    expect(text).toContain(deviceLink)
    const html = parts['text/html']!
    expect(html).toContain(`<a href="${alarmLink.replace('&', '&amp;')}">`)
    expect(html).toContain('<th align="left">Device</th><td>Freezer room</td>')
    expect(html).toContain('<th align="left">Group</th><td>Northwind Energy</td>')
    expect(html.split('\n').length).toBeGreaterThan(10)
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
    expect(mail.raw).toMatch(/^Subject: Cleared: Device offline: Freezer room/m)
    const text = mimeParts(mail.raw)['text/plain']!
    expect(text).toContain(
      'Freezer room: Device offline cleared automatically (the condition ended).',
    )
    expect(text).toContain(
      `Freezer room was offline from ${berlin(NOW - 40 * MINUTE).short} to ${berlin(NOW + 6 * MINUTE).short} (46 min).`,
    )
    expect(text).toMatch(
      new RegExp(
        `^Cleared: +${berlin(NOW + 6 * MINUTE).full} \\(Europe/Berlin\\), automatically`,
        'm',
      ),
    )
  })

  it('says who cleared an alarm by hand', async () => {
    const raised = nextMail()
    await raiseAndRecover(50)
    await raised
    const alarmId = await latestAlarm()
    const cleared = nextMail()
    const answer = await post(`/api/v1/notifications/alarms/${alarmId}/clear`)
    expect(answer.statusCode, answer.body).toBe(200)
    await cleared
    const text = mimeParts(mails.at(-1)!.raw)['text/plain']!
    expect(text).toContain('Freezer room: Device offline cleared by admin.')
    expect(text).toMatch(/^Cleared: +.+, by admin$/m)
    // The device reports again: the condition ends, and nothing more is sent for this alarm.
    await t.db.query('UPDATE devices SET last_seen = $2 WHERE id = $1', [
      device,
      new Date(NOW + 55 * MINUTE).toISOString(),
    ])
    await evaluateRules(t.db, { now: new Date(NOW + 56 * MINUTE) })
  })

  it('the test e-mail is a readable HTML document, not one line', async () => {
    const arrived = nextMail()
    const tested = await post(`/api/v1/notifications/channels/${mailChannel}/test`)
    expect(tested.json()).toMatchObject({ status: 'sent', device_name: null, rule_name: null })
    await arrived
    const html = mimeParts(mails.at(-1)!.raw)['text/html']!
    expect(html.split('\n').length).toBeGreaterThan(5)
    expect(html).toContain('<p>Test message from MeterDeck.</p>')
  })

  it("the channel's deliveries name the device and the rule", async () => {
    const log = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/notifications/channels/${mailChannel}/deliveries`,
    })
    const raise = log.json().items.find((d: { event: string }) => d.event === 'raise')
    expect(raise).toMatchObject({ device_name: 'Freezer room', rule_name: 'Freezer offline' })
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
      data: Record<string, { id: string; url?: string | null; severity?: string }>
    }
    expect(verified.type).toBe('alarm.raised')
    expect(verified.data.device).toEqual({
      id: device,
      name: 'Freezer room',
      url: `${PUBLIC_URL}/devices/${device}`,
    })
    expect(verified.data.alarm!.severity).toBe('critical')
    const alarmId = verified.data.alarm!.id
    expect(verified.data.alarm!.url).toBe(`${PUBLIC_URL}/notifications?tab=alarms&alarm=${alarmId}`)
    expect(verified).toMatchObject({
      data: { group_name: 'Northwind Energy', group_timezone: 'Europe/Berlin' },
    })
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

describe('webhook targets (issue 32)', () => {
  const create = (name: string, url: string) =>
    post('/api/v1/notifications/channels', { group_id: t.fx.groups.A, type: 'webhook', name, url })
  const sendTest = async (channelId: string) =>
    (await post(`/api/v1/notifications/channels/${channelId}/test`)).json() as {
      status: string
      error: string | null
      response_code: number | null
    }

  it.each([
    ['http://localhost:1/', /^Localhost resolves to a loopback address/],
    ['https://127.0.0.2/', /^127\.0\.0\.2 is a loopback address/],
    ['http://2130706434/', /^127\.0\.0\.2 is a loopback address/],
    ['http://0x7f.0.0.2/', /^127\.0\.0\.2 is a loopback address/],
    ['http://0177.0.0.2/', /^127\.0\.0\.2 is a loopback address/],
    ['https://10.0.0.1/', /^10\.0\.0\.1 is a private network address/],
    ['https://169.254.169.254/latest/meta-data/', /is a link-local address/],
    ['https://[::ffff:127.0.0.2]/', /is a loopback address/],
  ])('refuses %s at creation, naming why', async (url, why) => {
    names.set('localhost', '::1')
    const answer = await create(`Internal ${url}`, url)
    expect(answer.statusCode, answer.body).toBe(422)
    const [issue] = answer.json().detail
    expect(issue.loc).toEqual(['body', 'url'])
    expect(issue.msg).toMatch(why)
    expect(issue.msg).toContain('WEBHOOK_ALLOW_HOSTS')
  })

  it('checks the name again at every send: one that now resolves to loopback is refused unconnected', async () => {
    // An internal service on 127.0.0.2 (not allowed): it must never see a connection.
    let reached = 0
    const internal = net.createServer((socket) => {
      reached++
      socket.destroy()
    })
    await new Promise<void>((r) => internal.listen(0, '127.0.0.2', r))
    const port = (internal.address() as AddressInfo).port
    names.set('rebind.example.net', '93.184.215.14')
    const made = await create('Rebinding', `https://rebind.example.net:${port}/hooks`)
    expect(made.statusCode, made.body).toBe(201)
    names.set('rebind.example.net', '127.0.0.2')
    const tested = await sendTest(made.json().id)
    expect(tested).toMatchObject({ status: 'failed', response_code: null })
    expect(tested.error).toBe(
      'Could not deliver: rebind.example.net resolves to a loopback address (this machine)',
    )
    // The worker's sends take the same check: a queued raise is refused the same way.
    await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/notifications/rules/${ruleId}`,
      payload: { channel_ids: [made.json().id] },
    })
    await raiseAndRecover(400)
    worker.wake()
    const row = await recorded(made.json().id, 1, 'failed')
    expect(row.error).toBe(tested.error)
    expect(reached).toBe(0)
    await new Promise((r) => internal.close(r))
  })

  it('connects by name to the very address it checked (Host header kept)', async () => {
    names.set('receiver.example.test', '127.0.0.1')
    const made = await create('By name', `http://receiver.example.test:${hookPort}/named`)
    expect(made.statusCode, made.body).toBe(201)
    const arrived = nextHook()
    const tested = await sendTest(made.json().id)
    expect(tested).toMatchObject({ status: 'sent', response_code: 200 })
    await arrived
    expect(hooks.at(-1)!.headers.host).toBe(`receiver.example.test:${hookPort}`)
  })

  it('says "Could not deliver" alike for a closed port and a port that speaks no HTTP', async () => {
    const closed = net.createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const sockets = new Set<net.Socket>()
    const chatty = net.createServer((socket) => {
      sockets.add(socket)
      socket.end('-ERR unknown command\r\n')
    })
    await new Promise<void>((r) => chatty.listen(0, '127.0.0.1', r))
    const chattyPort = (chatty.address() as AddressInfo).port
    try {
      const a = await create('Closed port', `http://127.0.0.1:${closedPort}/`)
      const b = await create('Not HTTP', `http://127.0.0.1:${chattyPort}/`)
      const [ta, tb] = [await sendTest(a.json().id), await sendTest(b.json().id)]
      expect(ta).toMatchObject({ status: 'failed', error: 'Could not deliver' })
      expect(tb).toMatchObject({ status: 'failed', error: 'Could not deliver' })
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((r) => chatty.close(r))
    }
  })

  it('does not follow a redirect, not even to an allowed receiver', async () => {
    const before = hooks.length
    const redirecting = http.createServer((_request, response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${hookPort}/hooks` }).end(),
    )
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r))
    try {
      const port = (redirecting.address() as AddressInfo).port
      const made = await create('Redirecting', `http://127.0.0.1:${port}/`)
      const tested = await sendTest(made.json().id)
      expect(tested).toMatchObject({
        status: 'failed',
        response_code: 302,
        error: 'Could not deliver: the receiver answered 302 Found',
      })
      expect(hooks.length).toBe(before)
    } finally {
      await new Promise((r) => redirecting.close(r))
    }
  })

  it('shows a user the host only, an admin the whole URL', async () => {
    const secretUrl = `http://127.0.0.1:${hookPort}/hooks`
    const asUser = await t.call(await t.as('user'), {
      method: 'GET',
      url: '/api/v1/notifications/channels',
    })
    const seen = asUser.json().items.find((c: { id: string }) => c.id === hookChannel.id)
    expect(seen.url).toBe(`http://127.0.0.1:${hookPort}/…`)
    const one = await t.call(await t.as('user'), {
      method: 'GET',
      url: `/api/v1/notifications/channels/${hookChannel.id}`,
    })
    expect(one.json().url).toBe(`http://127.0.0.1:${hookPort}/…`)
    const asAdmin = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/notifications/channels/${hookChannel.id}`,
    })
    expect(asAdmin.json().url).toBe(secretUrl)
  })
})
