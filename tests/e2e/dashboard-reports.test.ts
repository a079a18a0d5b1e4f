import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, newPage, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

async function signedIn(email: string) {
  const page = await newPage(app)
  const response = await page.context().request.post('/api/v1/auth/cookie/login', {
    form: { username: email, password: DEMO_PASSWORD },
    headers: { 'X-Request-ID': crypto.randomUUID() },
  })
  expect(response.status()).toBe(200)
  return page
}

describe('dashboard and reports against the real server', () => {
  it('counts the fleet of the scope as the device list does, and lists the offline devices', async () => {
    const page = await signedIn('admin@demo.local')
    const devices = await page
      .context()
      .request.get('/api/v1/devices/?limit=500', { headers: { 'X-Request-ID': 'e2e' } })
    const list = (await devices.json()) as { items: { name: string; status: string }[] }
    const online = list.items.filter((d) => d.status === 'online').length
    const offline = list.items.filter((d) => d.status === 'offline')

    await page.goto('/dashboard')
    const fleet = page.getByRole('region', { name: 'Fleet' })
    await fleet.getByText('Online', { exact: true }).waitFor()
    const figures = await fleet.locator('p').allInnerTexts()
    expect(figures).toContain(String(online))
    expect(figures).toContain(String(offline.length))
    for (const device of offline.slice(0, 5))
      await fleet.getByRole('link', { name: device.name }).waitFor()
  })

  it('follows the group scope of an elevated user', async () => {
    const page = await signedIn('superuser@demo.local')
    await page.goto('/dashboard')
    await page.getByText('Devices and consumption of all groups', { exact: false }).waitFor()
  })

  // getEnergyReport and getEnergyReportCsv answer 501 until the server's reports land (issue 6).
  it.todo('compares this month with last month and its CSV matches the table')
  it.todo("shows today's and this month's figures as the consumption pages do for the same scope")
})
