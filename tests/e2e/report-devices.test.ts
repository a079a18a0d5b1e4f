/**
 * Issue 20 point 14: the reports page's devices are chosen with the searchable picker, and its URL
 * carries them as repeated device_ids parameters (old links' JSON array is rewritten).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Device, EnergyReport } from '~/api'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

describe('choosing the devices of a report', () => {
  it('finds two devices by search, keeps them in the URL as repeated parameters, and reports on them', async () => {
    const page = await newPage(app)
    await signInByApi(page, 'admin@demo.local')
    const { items } = (await (
      await page.context().request.get('/api/v1/devices/?limit=500', {
        headers: { 'X-Request-ID': 'e2e' },
      })
    ).json()) as { items: Device[] }
    const [first, second] = items
    expect(second, 'two devices in the demo group').toBeDefined()

    await page.goto('/reports')
    const search = page.getByRole('combobox', { name: 'Devices' })
    for (const device of [first!, second!]) {
      await search.click()
      await search.fill(device.serial_number)
      // The server's answer to the settled search, the device's serial number being unique.
      await page.getByRole('option', { name: new RegExp(`^${escape(device.name)}`) }).waitFor()
      await expect.poll(() => page.getByRole('option').count(), { timeout: 10_000 }).toBe(1)
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/v1/reports/energy' && r.ok(),
      )
      await search.press('ArrowDown')
      await search.press('Enter')
      await answer
    }
    await search.press('Escape')
    const chosen = page.getByRole('grid', { name: 'Chosen devices' })
    await chosen.getByRole('row', { name: second!.name }).waitFor()
    expect(await chosen.getByRole('row').allInnerTexts()).toEqual([first!.name, second!.name])

    const url = new URL(page.url())
    expect(url.searchParams.getAll('device_ids')).toEqual([first!.id, second!.id])
    expect(url.search).not.toMatch(/%5B|\[/)

    // A reload of the shared URL asks the server for those two, and the table lists them alone.
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/reports/energy' && r.ok(),
    )
    await page.goto(url.pathname + url.search)
    const response = await answer
    expect(new URL(response.url()).searchParams.getAll('device_ids').sort()).toEqual(
      [first!.id, second!.id].sort(),
    )
    const report = (await response.json()) as EnergyReport
    expect(report.devices.map((d) => d.device_id).sort()).toEqual([first!.id, second!.id].sort())
    const table = page.getByRole('grid', { name: 'Devices in the report' })
    // The heading row, the two devices, the total.
    await table.getByRole('row').nth(3).waitFor()
    expect(await table.getByRole('row').count()).toBe(4)
    for (const name of [first!.name, second!.name, 'Total'])
      expect(await table.getByRole('row').filter({ hasText: name }).count(), name).toBe(1)
    await chosen.getByRole('row').nth(1).waitFor()
    expect(await chosen.getByRole('row').count()).toBe(2)
  })

  it("rewrites an old link's JSON array of devices to repeated parameters", async () => {
    const page = await newPage(app)
    await signInByApi(page, 'admin@demo.local')
    const { items } = (await (
      await page.context().request.get('/api/v1/devices/?limit=2', {
        headers: { 'X-Request-ID': 'e2e' },
      })
    ).json()) as { items: Device[] }
    const ids = items.map((d) => d.id)
    await page.goto(`/reports?preset=this_week&devices=${encodeURIComponent(JSON.stringify(ids))}`)
    await page.waitForURL((url) => url.searchParams.getAll('device_ids').length === 2)
    const url = new URL(page.url())
    expect(url.searchParams.getAll('device_ids')).toEqual(ids)
    expect(url.searchParams.has('devices')).toBe(false)
    expect(url.searchParams.get('preset')).toBe('this_week')
    const chosen = page.getByRole('grid', { name: 'Chosen devices' })
    await chosen.getByRole('row').nth(1).waitFor()
    expect(await chosen.getByRole('row').count()).toBe(2)
  })
})

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
