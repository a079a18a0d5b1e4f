/**
 * Issue 20.12 end to end: a device with readings in the middle of last month; its consumption page
 * goes back a month, survives a reload, drills into a day's hours by keyboard, and the browser's
 * back button returns to the month.
 */
import { TZDate } from '@date-fns/tz'
import { format, subMonths } from 'date-fns'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
let page: Page
let deviceId = ''
const serial = `E2E-NAV-${Date.now().toString(36).toUpperCase()}`
const HOUR = 3_600_000

const api = () => page.context().request
const headers = () => ({ 'X-Request-ID': crypto.randomUUID() })

beforeAll(async () => {
  app = await startApp()
  page = await newPage(app, undefined, { timezoneId: 'Europe/Berlin' })
  await signInByApi(page, 'admin@demo.local')
  const created = await api().post('/api/v1/devices/', {
    headers: headers(),
    data: { name: 'E2E navigation meter', serial_number: serial },
  })
  expect(created.status()).toBe(201)
  deviceId = ((await created.json()) as { id: string }).id
  // Hourly readings from the 14th to the 16th of last month, 2 kWh an hour: the 15th holds 48 kWh
  // in any zone within eleven hours of UTC.
  const lastMonth = subMonths(new Date(), 1)
  const from = Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth(), 14)
  const items = Array.from({ length: 72 }, (_, i) => ({
    device_id: deviceId,
    timestamp: new Date(from + i * HOUR).toISOString(),
    kwh: 1000 + 2 * i,
  }))
  const pushed = await api().post('/api/v1/devices/bulk_push', {
    headers: headers(),
    data: { items },
  })
  expect(pushed.status()).toBe(200)
})

afterAll(async () => {
  if (deviceId) await api().delete(`/api/v1/devices/${deviceId}`, { headers: headers() })
  await app?.stop()
})

const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 2 })

describe('consumption time navigation against the real server', () => {
  it('goes back a month, keeps it over a reload, drills into a day, and comes back', async () => {
    await page.goto(`/devices/${deviceId}/consumption`)
    // The page's calendar: the user's saved zone, else the browser's.
    const lead = await page.getByText(/^Calendar periods in /).innerText()
    const zone = /Calendar periods in ([^,]+),/.exec(lead)![1]!
    const local = new TZDate(Date.now(), zone)
    const previous = subMonths(local, 1)
    await heading(`${format(local, 'MMMM yyyy')}, per day`).waitFor()
    await expect(page.getByRole('button', { name: 'Next month' }).isDisabled()).resolves.toBe(true)

    await page.getByRole('button', { name: 'Previous month' }).click()
    await heading(`${format(previous, 'MMMM yyyy')}, per day`).waitFor()
    await page.waitForURL((url) => url.searchParams.get('date') !== null)
    expect(new URL(page.url()).searchParams.get('view')).toBe('daily')

    await page.reload()
    await heading(`${format(previous, 'MMMM yyyy')}, per day`).waitFor()
    await expect(page.getByRole('button', { name: 'Next month' }).isEnabled()).resolves.toBe(true)

    // The 15th's bar, by keyboard: Home is the 1st.
    const chart = page.getByRole('application', { name: 'Daily consumption' })
    await chart.focus()
    await page.keyboard.press('Home')
    for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    const day = format(previous, 'yyyy-MM-15')
    await page.waitForURL(
      (url) => url.searchParams.get('view') === 'hourly' && url.searchParams.get('date') === day,
    )
    await heading(new RegExp(`^\\w+ 15 ${format(previous, 'MMMM yyyy')}, per hour$`)).waitFor()
    // Northwind's seeded tariff and factor price it: 48 kWh at 380 g CO2e a kWh.
    await page.getByText(/^Total 48\.00 kWh · €\d+\.\d\d · 18\.2 kg CO₂e$/).waitFor()
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
    await crumbs.getByRole('link', { name: format(previous, 'MMMM yyyy') }).waitFor()

    await page.goBack()
    await heading(`${format(previous, 'MMMM yyyy')}, per day`).waitFor()
    expect(new URL(page.url()).searchParams.get('view')).toBe('daily')
  })
})
