/**
 * An alarm reaches people: create a webhook channel and an offline rule in the console, let a
 * device go silent, see the alarm, receive the signed webhook at a receiver started here, acknowledge
 * it, bring the device back and see it clear. The evaluator runs every second here
 * (RULES_EVALUATOR_INTERVAL_MS) and the device's last reading is backdated past the rule's five
 * minutes, so "offline" comes at once instead of after minutes.
 */
import { EventEmitter, once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

interface Hook {
  headers: Record<string, string>
  body: string
}

let app: RunningApp
let page: Page
let receiver: Server
const hooks: Hook[] = []
/** Emits 'hook' for every webhook the receiver gets. */
const arrivals = new EventEmitter()
let hookUrl = ''
let secret = ''
let deviceId = ''
let alarmId = ''
const DEVICE = `Freezer ${Date.now().toString(36)}`

const call = (method: 'post' | 'get', path: string, data?: unknown) =>
  page.request[method](path, {
    headers: { 'X-Request-ID': crypto.randomUUID() },
    ...(data ? { data } : {}),
  })

const pushReading = async (minutesAgo: number, kwh: number) => {
  const timestamp = new Date(Date.now() - minutesAgo * 60_000).toISOString()
  const pushed = await call('post', '/api/v1/devices/bulk_push', {
    items: [{ device_id: deviceId, timestamp, kwh }],
  })
  expect(pushed.status(), await pushed.text()).toBe(200)
}

/** Resolves with the first webhook of `type`, received or to come (the test's timeout bounds it). */
async function webhookOf(type: string): Promise<Hook> {
  const ofType = (h: Hook) => (JSON.parse(h.body) as { type: string }).type === type
  for (;;) {
    const found = hooks.find(ofType)
    if (found) return found
    await once(arrivals, 'hook')
  }
}

/** Reloads the alarms view until `text` shows in the device's alarm (the view does not poll). */
async function alarmShows(text: string) {
  const list = page.getByRole('list', { name: 'Alarms' })
  for (let attempt = 0; attempt < 60; attempt++) {
    await page.goto(`/notifications?tab=alarms`)
    await list.waitFor()
    const item = list.getByRole('listitem').filter({ hasText: DEVICE })
    if ((await item.getByText(text, { exact: true }).count()) > 0) return item
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`the alarm of ${DEVICE} never showed "${text}"`)
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      hooks.push({ headers: request.headers as Record<string, string>, body })
      arrivals.emit('hook')
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  app = await startApp({ RULES_EVALUATOR_INTERVAL_MS: '1000' })
  page = await newPage(app)
  await signInByApi(page, 'admin@demo.local')
  // A device that reported last 10 minutes ago: past the rule's 5 minutes as soon as it exists.
  const created = await call('post', '/api/v1/devices', {
    name: DEVICE,
    serial_number: `ALARM-${Date.now().toString(36).toUpperCase()}`,
  })
  expect(created.status(), await created.text()).toBe(201)
  deviceId = ((await created.json()) as { id: string }).id
  await pushReading(10, 100)
})
afterAll(async () => {
  await app?.stop()
  await new Promise((r) => receiver?.close(r))
})

describe('an alarm that reaches people', () => {
  it('creates a webhook channel and keeps its secret, shown once', async () => {
    await page.goto('/notifications?tab=channels')
    // The empty state offers the same button as the toolbar.
    await page.getByRole('button', { name: 'New channel' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'New channel' })
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Freezer hook')
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(hookUrl)
    await dialog.getByRole('button', { name: 'Create channel' }).click()
    const shown = page.getByRole('dialog', { name: 'Signing secret of “Freezer hook”' })
    secret = await shown.getByRole('textbox', { name: 'Secret' }).inputValue()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/)
    await shown.getByRole('button', { name: 'Done' }).click()
    await page
      .getByRole('grid', { name: 'Notification channels' })
      .getByText(hookUrl, { exact: true })
      .waitFor()
  })

  it('creates an offline rule for the device that sends to the channel', async () => {
    await page.goto('/notifications?tab=rules')
    await page.getByRole('button', { name: 'New rule' }).click()
    const dialog = page.getByRole('dialog', { name: 'New notification rule' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Freezer offline')
    await dialog.getByRole('textbox', { name: /Offline after/ }).fill('5')
    await dialog.getByRole('combobox', { name: 'Devices' }).fill(DEVICE)
    await page.getByRole('option', { name: new RegExp(`^${DEVICE}`) }).click()
    // The list closes on the pick (an Escape now would close the dialog, as Escape does).
    await page.getByRole('listbox').waitFor({ state: 'detached' })
    await dialog.getByRole('button', { name: /Severity/ }).click()
    await page.getByRole('option', { name: 'Critical' }).click()
    await dialog.getByText('Freezer hook (Webhook)').click()
    expect(await dialog.getByRole('checkbox', { name: /Freezer hook/ }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Create rule' }).click()
    await page.getByRole('heading', { name: /Freezer offline/ }).waitFor()
  })

  it('raises the alarm, and the signed webhook arrives', async () => {
    const item = await alarmShows('Active')
    await item.getByText('Critical', { exact: true }).waitFor()
    const hook = await webhookOf('alarm.raised')
    const event = new Webhook(secret).verify(hook.body, hook.headers) as {
      data: { device: { id: string }; alarm: { id: string; severity: string }; message: string }
    }
    expect(event.data.device.id).toBe(deviceId)
    expect(event.data.alarm.severity).toBe('critical')
    expect(event.data.message).toMatch(new RegExp(`^${DEVICE} has been offline since `))
    expect(hook.headers['webhook-id']).toMatch(/^msg_/)
    alarmId = event.data.alarm.id
  })

  it("the alarm's link opens it first, whatever the list holds", async () => {
    await page.goto(`/notifications?tab=alarms&alarm=${alarmId}`)
    const linked = page.getByRole('list', { name: 'Alarm from your link' })
    await linked.getByText(`Device offline: ${DEVICE}`).waitFor()
    await linked.getByRole('button', { name: /^Acknowledge/ }).waitFor()
  })

  it('is acknowledged on the device overview', async () => {
    await page.goto(`/devices/${deviceId}`)
    const alarms = page.getByRole('list', { name: 'Active alarms' })
    await alarms.getByRole('button', { name: /^Acknowledge/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' })
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('On my way')
    await dialog.getByRole('button', { name: 'Acknowledge' }).click()
    await alarms.getByText('Acknowledged', { exact: true }).waitFor()
  })

  it('clears by itself when the device reports again, and says so to the webhook', async () => {
    await pushReading(0, 101)
    await alarmShows('Cleared')
    const hook = await webhookOf('alarm.cleared')
    expect(() => new Webhook(secret).verify(hook.body, hook.headers)).not.toThrow()
  })
})
