/**
 * A device connects on its own: register it, create its token on the Connect card, publish with
 * an MQTT client using the card's own command values, and watch "Waiting for the first
 * message..." turn into the reading, which the device's overview then shows; the open overview
 * then follows the next reading without a reload (the live event stream, issue 23).
 */
import mqtt from 'mqtt'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'
import { freePort } from './support/server'

let app: RunningApp
let page: Page
const serial = `MQTT-${Date.now().toString(36).toUpperCase()}`
let deviceId = ''

beforeAll(async () => {
  // A server of its own: the embedded broker on a free port (the shared one has MQTT on port 0),
  // rules judged every 5 s as on the shared one.
  app = await startApp({ MQTT_PORT: String(await freePort()), RULES_EVALUATOR_INTERVAL_MS: '5000' })
  page = await newPage(app)
  await signInByApi(page, 'admin@demo.local')
})
afterAll(() => app?.stop())

/** The values of the card's mosquitto_pub command, as a person would copy them. */
function parsePublish(command: string) {
  const match =
    /^mosquitto_pub -h '([^']+)' -p (\d+) -q 1 -u '([^']+)' -P '([^']+)' -t '([^']+)' -m '([^']+)'$/.exec(
      command.trim(),
    )
  expect(match, command).not.toBeNull()
  const [, host, port, username, password, topic, payload] = match!
  return {
    host: host!,
    port: Number(port),
    username: username!,
    password: password!,
    topic: topic!,
    payload: payload!,
  }
}

describe('a device connecting over MQTT', () => {
  it('registers a device, which ends with its credentials', async () => {
    await page.goto('/register-device/single')
    await page.getByRole('textbox', { name: /^Name/ }).fill('MQTT meter')
    await page.getByRole('textbox', { name: /^Serial number/ }).fill(serial)
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click()
    await page.getByRole('button', { name: 'Register device' }).click()
    await page.getByText('MQTT meter is registered').waitFor()
    await page.getByText('Copy the token now: it is shown only this once.').waitFor()
    await page.getByRole('link', { name: 'Open the device' }).click()
    await page.waitForURL(/\/devices\/[0-9a-f-]{36}$/)
    deviceId = new URL(page.url()).pathname.split('/')[2]!
  })

  it('creates a token on the Connect card, publishes with its command, and sees the reading arrive', async () => {
    await page.goto(`/devices/${deviceId}/settings`)
    const card = page.getByRole('region', { name: 'Connect' })
    await card.getByText('Token active').waitFor()
    await card.getByRole('button', { name: 'Rotate token' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate token' }).click()
    const command = await card.getByLabel('Publish with mosquitto_pub', { exact: true }).innerText()
    const values = parsePublish(command)
    expect(values.username).toBe(deviceId)
    expect(values.topic).toBe(`meterdeck/v1/devices/${deviceId}/readings`)
    await card.getByText('Waiting for the first message...').waitFor()

    const client = await mqtt.connectAsync(`mqtt://${values.host}:${values.port}`, {
      protocolVersion: 4,
      username: values.username,
      password: values.password,
      reconnectPeriod: 0,
    })
    const payload = JSON.parse(values.payload) as { readings: { timestamp: string; kwh: number }[] }
    payload.readings[0]!.kwh = 4321.5
    await client.publishAsync(values.topic, JSON.stringify(payload), { qos: 1 })
    await client.endAsync()

    await card.getByText(/First message received: 4,321\.5 kWh at/).waitFor()
    await page.goto(`/devices/${deviceId}`)
    const latest = page.getByRole('region', { name: 'Latest reading' })
    await latest.getByText('4,321.5 kWh').waitFor()
    await latest.getByText(/· 1 readings?/).waitFor()

    // The open overview follows the device: the next reading shows without a reload, within
    // seconds (the page's own refresh is minutes away), through the live event stream.
    const again = await mqtt.connectAsync(`mqtt://${values.host}:${values.port}`, {
      protocolVersion: 4,
      username: values.username,
      password: values.password,
      reconnectPeriod: 0,
    })
    const next = {
      readings: [{ timestamp: new Date(Date.now() - 1000).toISOString(), kwh: 4330.25 }],
    }
    await again.publishAsync(values.topic, JSON.stringify(next), { qos: 1 })
    await again.endAsync()
    await latest.getByText('4,330.3 kWh').waitFor({ timeout: 5_000 })
  })

  it('shows an alert the rules evaluator raises in the bell as it is delivered, not at the next minute', async () => {
    const headers = { 'X-Request-ID': crypto.randomUUID() }
    const me = (await (await page.request.get('/api/v1/users/me', { headers })).json()) as {
      group_id: string
    }
    const bell = page.getByRole('button', { name: /^Notifications/ })
    const before = await bell.getAttribute('aria-label')
    // A rule of its own: the evaluator raises a fresh alert for the seed's offline device at its
    // next run (every 5 s on the e2e server); the bell refetches only each minute by itself.
    const rule = await page.request.post('/api/v1/notifications/rules', {
      headers,
      data: {
        group_id: me.group_id,
        name: `Live offline ${crypto.randomUUID().slice(0, 8)}`,
        alert_type: 'DEVICE_OFFLINE',
        offline_after_minutes: 30,
      },
    })
    expect(rule.status()).toBe(201)
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 90_000, interval: 200 })
      .not.toBe(before)
    const shownAt = Date.now()
    const feed = (await (
      await page.request.get('/api/v1/notifications/?limit=1', { headers })
    ).json()) as { deliveries: { delivered_at: string }[] }
    expect(shownAt - Date.parse(feed.deliveries[0]!.delivered_at)).toBeLessThan(5_000)
  }, 120_000)
})
