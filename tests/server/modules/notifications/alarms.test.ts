import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evaluateRules } from '~/server/modules/notifications/evaluator.ts'
import { build, type TestApp } from '../../helpers/build.ts'

/**
 * The alarm lifecycle driven through the evaluator (with its `now`) and the API: raise, no
 * duplicate, acknowledge, auto-clear on recovery, clear by hand, snooze; the outbox rows written
 * with each; tenant isolation and roles of alarms and channels.
 */
let t: TestApp
const MINUTE = 60_000
/** Real time: snoozes are checked against the clock of the request. */
const NOW = Math.floor(Date.now() / MINUTE) * MINUTE
const at = (minutes: number) => new Date(NOW + minutes * MINUTE)

let channelId: string
let ruleId: string
let freezer: string
let kiln: string

async function addDevice(name: string, lastSeen: Date): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO devices (group_id, name, serial_number, location, last_seen)
     VALUES ($1, $2, $3, 'Basement', $4) RETURNING id`,
    [t.fx.groups.A, name, `ALARM-${name}`, lastSeen.toISOString()],
  )
  return rows[0]!.id
}

const reportsAt = (deviceId: string, when: Date) =>
  t.db.query('UPDATE devices SET last_seen = $2 WHERE id = $1', [deviceId, when.toISOString()])

const evaluate = (minutes: number) => evaluateRules(t.db, { now: at(minutes) })

const alarmsOf = async (deviceId: string) =>
  (
    await t.db.query<{
      id: string
      state: string
      severity: string
      raised_at: Date
      cleared_at: Date | null
      cleared_by: string | null
    }>(
      `SELECT id, state, severity, raised_at, cleared_at, cleared_by FROM alarms
       WHERE device_id = $1 ORDER BY raised_at, id`,
      [deviceId],
    )
  ).rows

const outboxOf = async (alarmId: string) =>
  (
    await t.db.query<{ event: string; status: string; payload: Record<string, unknown> }>(
      `SELECT event, status, payload FROM channel_deliveries WHERE alarm_id = $1
       ORDER BY created_at, event DESC`,
      [alarmId],
    )
  ).rows

const post = async (user: 'admin' | 'user' | 'admin2' | 'user2', url: string, payload?: object) =>
  t.call(await t.as(user), { method: 'POST', url, ...(payload ? { payload } : {}) })

beforeAll(async () => {
  t = await build()
  freezer = await addDevice('Freezer room', at(-60))
  kiln = await addDevice('Kiln', at(-60))
  const channel = await post('admin', '/api/v1/notifications/channels', {
    group_id: t.fx.groups.A,
    type: 'webhook',
    name: 'Team chat',
    url: 'https://hooks.example.test/meterdeck',
  })
  expect(channel.statusCode, channel.body).toBe(201)
  channelId = channel.json().id
  const rule = await post('admin', '/api/v1/notifications/rules', {
    group_id: t.fx.groups.A,
    name: 'Freezer offline',
    alert_type: 'DEVICE_OFFLINE',
    offline_after_minutes: 30,
    device_ids: [freezer, kiln],
    severity: 'critical',
    channel_ids: [channelId],
  })
  expect(rule.statusCode, rule.body).toBe(201)
  expect(rule.json()).toMatchObject({ severity: 'critical', channel_ids: [channelId] })
  ruleId = rule.json().id
  // The kiln is snoozed for the next hour (by a user: every role may snooze).
  const snooze = await post('user', `/api/v1/notifications/rules/${ruleId}/snoozes`, {
    device_id: kiln,
    until: at(60).toISOString(),
  })
  expect(snooze.statusCode, snooze.body).toBe(201)
})
afterAll(async () => t?.close())

describe('alarm lifecycle', () => {
  it('raises nothing before the rule is due, then one alarm with its outbox row', async () => {
    await evaluate(-40)
    expect(await alarmsOf(freezer)).toEqual([])
    await evaluate(0)
    const [alarm, ...more] = await alarmsOf(freezer)
    expect(more).toEqual([])
    expect(alarm).toMatchObject({ state: 'active', severity: 'critical', cleared_at: null })
    expect(alarm!.raised_at).toEqual(at(0))
    const outbox = await outboxOf(alarm!.id)
    expect(outbox).toHaveLength(1)
    expect(outbox[0]).toMatchObject({ event: 'raise', status: 'pending' })
    expect(outbox[0]!.payload).toMatchObject({
      type: 'alarm.raised',
      data: {
        channel_id: channelId,
        alarm: { id: alarm!.id, severity: 'critical', rule_name: 'Freezer offline' },
        device: { id: freezer, name: 'Freezer room' },
      },
    })
  })

  it('notifies the group as today (the bell and history see the raise)', async () => {
    const feed = await t.call(await t.as('user'), {
      method: 'GET',
      url: '/api/v1/notifications/?limit=50',
    })
    const events = feed
      .json()
      .deliveries.map(
        (d: { notification: { event_type: string; device_id: string } }) => d.notification,
      )
    expect(events).toContainEqual(
      expect.objectContaining({ event_type: 'device.offline.v1', device_id: freezer }),
    )
  })

  it('raises no second alarm while one is active, nor while snoozed', async () => {
    await evaluate(5)
    await evaluate(10)
    expect(await alarmsOf(freezer)).toHaveLength(1)
    expect(await alarmsOf(kiln)).toEqual([])
  })

  it('a user acknowledges with a note; the alarm stays open and raises nothing new', async () => {
    const [alarm] = await alarmsOf(freezer)
    const response = await post('user', `/api/v1/notifications/alarms/${alarm!.id}/acknowledge`, {
      note: '  On my way  ',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: t.fx.users.user,
      acknowledged_by_name: expect.any(String),
      acknowledgement_note: 'On my way',
      cleared_at: null,
    })
    // A second acknowledgement keeps the first.
    const again = await post('admin', `/api/v1/notifications/alarms/${alarm!.id}/acknowledge`, {})
    expect(again.json()).toMatchObject({ acknowledged_by: t.fx.users.user })
    await evaluate(15)
    expect(await alarmsOf(freezer)).toMatchObject([{ state: 'acknowledged' }])
  })

  it('clears by itself when the device reports again, telling the group and the channel', async () => {
    await reportsAt(freezer, at(18))
    const report = await evaluate(20)
    const [alarm] = await alarmsOf(freezer)
    expect(alarm).toMatchObject({ state: 'cleared', cleared_by: 'auto' })
    expect(alarm!.cleared_at).toEqual(at(20))
    expect(report.alarms.cleared).toEqual([alarm!.id])
    expect((await outboxOf(alarm!.id)).map((o) => o.event)).toEqual(['raise', 'clear'])
    const cleared = await t.db.query<{ title: string; message: string; n: number }>(
      `SELECT n.title, n.message, count(d.id)::int AS n FROM notifications n
       JOIN notification_deliveries d ON d.notification_id = n.id
       WHERE n.event_type = 'alarm.cleared.v1' AND n.device_id = $1 GROUP BY n.id`,
      [freezer],
    )
    expect(cleared.rows).toEqual([
      {
        title: 'Alarm cleared',
        message: 'Freezer room: Device offline is over (the condition ended).',
        n: expect.any(Number),
      },
    ])
    expect(cleared.rows[0]!.n).toBeGreaterThanOrEqual(2)
  })

  it('is raised again when the device goes silent again, and a clear by hand holds', async () => {
    await evaluate(55)
    const [, second] = await alarmsOf(freezer)
    expect(second).toMatchObject({ state: 'active' })
    const response = await post('user', `/api/v1/notifications/alarms/${second!.id}/clear`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ state: 'cleared', cleared_by: t.fx.users.user })
    expect((await outboxOf(second!.id)).map((o) => o.event)).toEqual(['raise', 'clear'])
    // The group's notification says who cleared it (the fixture user's full name is 'user').
    const notes = await t.db.query<{ message: string }>(
      `SELECT message FROM notifications
       WHERE event_type = 'alarm.cleared.v1' AND params->>'alarm_id' = $1`,
      [second!.id],
    )
    expect(notes.rows[0]!.message).toBe('Freezer room: Device offline is over (cleared by user).')
    // The device is still silent: the cleared alarm is not raised again.
    await evaluate(58)
    expect(await alarmsOf(freezer)).toHaveLength(2)
    const ack = await post('user', `/api/v1/notifications/alarms/${second!.id}/acknowledge`, {})
    expect(ack.statusCode).toBe(409)
  })

  it('raises for a snoozed device once the snooze has ended', async () => {
    await evaluate(61)
    expect(await alarmsOf(kiln)).toMatchObject([{ state: 'active', severity: 'critical' }])
  })

  it('lists alarms active first, with state, severity and device filters', async () => {
    const list = await t.call(await t.as('user'), {
      method: 'GET',
      url: '/api/v1/notifications/alarms',
    })
    expect(list.statusCode).toBe(200)
    const states = list.json().items.map((a: { state: string }) => a.state)
    expect(states).toEqual(['active', 'cleared', 'cleared'])
    const filtered = await t.call(await t.as('user'), {
      method: 'GET',
      url: `/api/v1/notifications/alarms?state=cleared&severity=critical&device_id=${freezer}`,
    })
    expect(filtered.json().total).toBe(2)
    const none = await t.call(await t.as('user'), {
      method: 'GET',
      url: '/api/v1/notifications/alarms?severity=info',
    })
    expect(none.json()).toEqual({ items: [], total: 0 })
  })

  it('refuses snoozes in the past or beyond 30 days', async () => {
    const url = `/api/v1/notifications/rules/${ruleId}/snoozes`
    const past = await post('user', url, { device_id: kiln, until: at(-1).toISOString() })
    expect(past.statusCode).toBe(422)
    const far = await post('user', url, { device_id: kiln, until: at(31 * 24 * 60).toISOString() })
    expect(far.statusCode).toBe(422)
  })

  it('ends a snooze by hand: listed no more, 404 the second time and for another group', async () => {
    const url = `/api/v1/notifications/rules/${ruleId}/snoozes`
    const made = await post('user', url, { device_id: freezer, until: at(90).toISOString() })
    expect(made.statusCode, made.body).toBe(201)
    const end = async (who: 'user' | 'user2') =>
      t.call(await t.as(who), { method: 'DELETE', url: `${url}/${freezer}` })
    expect((await end('user2')).statusCode).toBe(404)
    expect((await end('user')).statusCode).toBe(204)
    const listed = await t.call(await t.as('user'), { method: 'GET', url })
    expect(listed.json().items.map((s: { device_id: string }) => s.device_id)).not.toContain(
      freezer,
    )
    expect((await end('user')).statusCode).toBe(404)
  })
})

describe('alarm text (issue 32)', () => {
  it('is written when read: an alarm raised three days ago says so, in the group timezone', async () => {
    const device = await addDevice('Old freezer', new Date(NOW - 3 * 24 * 60 * MINUTE - 5 * MINUTE))
    const lastSeen = new Date(NOW - 3 * 24 * 60 * MINUTE - 5 * MINUTE)
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO alarms (group_id, rule_id, device_id, condition_key, alert_type, severity,
         rule_name, title, message, "values", raised_at)
       VALUES ($1, $2, $3, 'text-test', 'DEVICE_OFFLINE', 'warning', 'Offline', 'Device offline',
               'Old freezer has been offline for 31 min.', $4, $5) RETURNING id`,
      [
        t.fx.groups.A,
        ruleId,
        device,
        JSON.stringify({
          device_id: device,
          device_name: 'Old freezer',
          location: 'Basement',
          last_seen: lastSeen.toISOString(),
          offline_duration_minutes: 31,
        }),
        new Date(lastSeen.getTime() + 31 * MINUTE).toISOString(),
      ],
    )
    const answer = await t.call(await t.as('user'), {
      method: 'GET',
      url: `/api/v1/notifications/alarms/${rows[0]!.id}`,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(lastSeen)
        .map((p) => [p.type, p.value]),
    )
    // Stored at raise: "for 31 min". Read now: since when, and how long that is by now.
    expect(answer.json().message).toMatch(
      new RegExp(
        `^Old freezer has been offline since ${parts.day} ${parts.month}( \\d{4})? ${parts.hour}:${parts.minute} \\(3 days\\)\\.$`,
      ),
    )
    const other = await t.call(await t.as('user2'), {
      method: 'GET',
      url: `/api/v1/notifications/alarms/${rows[0]!.id}`,
    })
    expect(other.statusCode).toBe(404)
    await t.db.query('DELETE FROM alarms WHERE id = $1', [rows[0]!.id])
  })
})

describe('tenancy and roles', () => {
  it("another group's alarm answers 404 and is not listed", async () => {
    const [alarm] = await alarmsOf(kiln)
    for (const action of ['acknowledge', 'clear']) {
      const body = action === 'acknowledge' ? {} : undefined
      const response = await post(
        'user2',
        `/api/v1/notifications/alarms/${alarm!.id}/${action}`,
        body,
      )
      expect(response.statusCode, action).toBe(404)
    }
    const list = await t.call(await t.as('admin2'), {
      method: 'GET',
      url: '/api/v1/notifications/alarms',
    })
    expect(list.json().items.map((a: { device_id: string }) => a.device_id)).not.toContain(kiln)
    expect((await alarmsOf(kiln))[0]!.state).toBe('active')
  })

  it("another group's channel answers 404", async () => {
    const session = await t.as('admin2')
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const response = await t.call(session, {
        method,
        url: `/api/v1/notifications/channels/${channelId}${suffix}`,
        ...(method === 'PATCH' ? { payload: { name: 'Taken' } } : {}),
      })
      expect(response.statusCode, `${method} ${suffix}`).toBe(404)
    }
  })

  it('a user sees channels but cannot create, change, test or delete them', async () => {
    const session = await t.as('user')
    const list = await t.call(session, { method: 'GET', url: '/api/v1/notifications/channels' })
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(channelId)
    const created = await post('user', '/api/v1/notifications/channels', {
      group_id: t.fx.groups.A,
      type: 'email',
      name: 'Mine',
      addresses: ['me@example.test'],
    })
    expect(created.statusCode).toBe(403)
    const tested = await post('user', `/api/v1/notifications/channels/${channelId}/test`)
    expect(tested.statusCode).toBe(403)
    const deleted = await t.call(session, {
      method: 'DELETE',
      url: `/api/v1/notifications/channels/${channelId}`,
    })
    expect(deleted.statusCode).toBe(403)
  })
})

describe('channels', () => {
  it('a webhook secret is whsec_ + base64 of 32 bytes, shown on create and rotation only', async () => {
    const created = await post('admin', '/api/v1/notifications/channels', {
      group_id: t.fx.groups.A,
      type: 'webhook',
      name: 'Rotating',
      url: 'http://127.0.0.1:9/hook',
    })
    expect(created.statusCode, created.body).toBe(201)
    const { id, secret } = created.json()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    const read = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/notifications/channels/${id}`,
    })
    expect(read.json()).not.toHaveProperty('secret')
    const rotated = await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/notifications/channels/${id}`,
      payload: { rotate_secret: true },
    })
    expect(rotated.json().secret).toMatch(/^whsec_/)
    expect(rotated.json().secret).not.toBe(secret)
  })

  it('refuses plain http to a receiver WEBHOOK_ALLOW_HOSTS does not name, and fields of the other channel type', async () => {
    const plain = await post('admin', '/api/v1/notifications/channels', {
      group_id: t.fx.groups.A,
      type: 'webhook',
      name: 'Plain',
      url: 'http://93.184.215.14/x',
    })
    expect(plain.statusCode).toBe(422)
    expect(plain.json().detail[0].loc).toEqual(['body', 'url'])
    expect(plain.json().detail[0].msg).toMatch(/^Webhook URLs use https:\/\//)
    const wrong = await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/notifications/channels/${channelId}`,
      payload: { addresses: ['a@example.test'] },
    })
    expect(wrong.statusCode).toBe(422)
  })

  it('an e-mail channel says mail is not configured, and its test fails saying so', async () => {
    const created = await post('admin', '/api/v1/notifications/channels', {
      group_id: t.fx.groups.A,
      type: 'email',
      name: 'On-call',
      addresses: ['oncall@example.test'],
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ mail_configured: false, url: null })
    expect(created.json()).not.toHaveProperty('secret')
    const list = await t.call(await t.as('user'), {
      method: 'GET',
      url: '/api/v1/notifications/channels',
    })
    expect(list.json().mail_configured).toBe(false)
    const tested = await post('admin', `/api/v1/notifications/channels/${created.json().id}/test`)
    expect(tested.statusCode).toBe(200)
    expect(tested.json()).toMatchObject({
      event: 'test',
      status: 'failed',
      attempts: 1,
      error: expect.stringContaining('Mail is not configured'),
    })
  })

  it("a rule may only name its group's channels; a deleted channel leaves the rule", async () => {
    const other = await post('admin2', '/api/v1/notifications/channels', {
      group_id: t.fx.groups.B,
      type: 'email',
      name: 'Harbor on-call',
      addresses: ['harbor@example.test'],
    })
    const patch = await t.call(await t.as('admin'), {
      method: 'PATCH',
      url: `/api/v1/notifications/rules/${ruleId}`,
      payload: { channel_ids: [other.json().id] },
    })
    expect(patch.statusCode).toBe(422)
    expect(patch.json().detail[0].loc).toEqual(['body', 'channel_ids', 0])
    const deleted = await t.call(await t.as('admin'), {
      method: 'DELETE',
      url: `/api/v1/notifications/channels/${channelId}`,
    })
    expect(deleted.statusCode).toBe(204)
    const rule = await t.call(await t.as('admin'), {
      method: 'GET',
      url: `/api/v1/notifications/rules/${ruleId}`,
    })
    expect(rule.json().channel_ids).toEqual([])
  })
})
