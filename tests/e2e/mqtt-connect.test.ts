/**
 * A device connects on its own: register it, create its token on the Connect card, run the
 * card's own mosquitto_pub and curl lines in a shell (they refuse to run until the person types
 * the meter's reading: issue 32), and watch "Waiting for the first message..." turn into the
 * reading and "Not used yet" into "Last used"; the open overview then follows the next readings
 * without a reload, its count too (the live event stream, issue 23).
 */
import { spawnSync } from 'node:child_process'
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

/**
 * Runs a command of the card as a person pasting it into a shell: first line `KWH=` (filled in
 * with `kwh`, or left empty as the card shows it), then the command itself.
 */
function paste(command: string, kwh = '') {
  const script = command.replace(/^KWH=/, `KWH=${kwh}`)
  return spawnSync('sh', ['-c', script], { encoding: 'utf8', timeout: 20_000 })
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
    await card.getByText('Not used yet.').waitFor()
    await card.getByRole('button', { name: 'Rotate token' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Rotate token' }).click()
    // Focus on the new token, not at the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')))
      .toBe('copy-token')
    const command = await card.getByLabel('Publish with mosquitto_pub', { exact: true }).innerText()
    await card.getByText('Waiting for the first message...').waitFor()

    // Pasted as shown, the command refuses to run: it sends no reading of its own (issue 32).
    const refused = paste(command)
    expect(refused.status).not.toBe(0)
    expect(refused.stderr).toContain('set KWH to the meter reading in kWh first')
    const latestReading = () =>
      page.request.get(`/api/v1/devices/${deviceId}/readings/latest`, {
        headers: { 'X-Request-ID': crypto.randomUUID() },
      })
    expect((await latestReading()).status()).toBe(404)

    // With the reading typed in, Mosquitto's own client publishes it, stamped when it ran.
    const before = Date.now() - 2000
    const sent = paste(command, '4321.5')
    expect(sent.status, sent.stderr).toBe(0)
    await card.getByText(/First message received: 4,321\.50 kWh at/).waitFor()
    const stored = (await (await latestReading()).json()) as { kwh: number; timestamp: string }
    expect(stored.kwh).toBe(4321.5)
    expect(Date.parse(stored.timestamp)).toBeGreaterThanOrEqual(before)
    // The card follows the device through the live stream: its token was just used.
    await card
      .getByText(/Last used (less than a minute|\d+ seconds?) ago\./)
      .waitFor({ timeout: 5_000 })

    // The curl line too, over HTTP, with the next reading.
    const curl = await card.getByLabel('Send with curl', { exact: true }).innerText()
    expect(paste(curl).status).not.toBe(0)
    await page.goto(`/devices/${deviceId}`)
    const latest = page.getByRole('region', { name: 'Latest reading' })
    await latest.getByText('4,321.50 kWh').waitFor()
    await latest.getByText(/· 1 reading$/).waitFor()
    const option = (flag: string) => new RegExp(` ${flag} '?([^' ]+)'?`).exec(command)![1]!
    const values = {
      host: option('-h'),
      port: Number(option('-p')),
      username: option('-u'),
      password: option('-P'),
      topic: option('-t'),
    }
    expect(values.username).toBe(deviceId)
    expect(values.topic).toBe(`meterdeck/v1/devices/${deviceId}/readings`)
    const posted = paste(curl, '4325')
    expect(posted.status, posted.stderr).toBe(0)
    expect(posted.stdout).toContain('"accepted":1')
    // The summary follows live readings: the count beside the readings table, without a reload.
    await latest.getByText(/· 2 readings$/).waitFor({ timeout: 5_000 })

    // The open overview follows the device: the next reading shows without a reload, within
    // seconds (the page's own refresh is minutes away), through the live event stream.
    const again = await mqtt.connectAsync(`mqtt://${values.host}:${values.port}`, {
      protocolVersion: 4,
      username: values.username,
      password: values.password,
      reconnectPeriod: 0,
    })
    const next = { readings: [{ timestamp: new Date().toISOString(), kwh: 4330.25 }] }
    await again.publishAsync(values.topic, JSON.stringify(next), { qos: 1 })
    await again.endAsync()
    await latest.getByText('4,330.25 kWh').waitFor({ timeout: 5_000 })
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
