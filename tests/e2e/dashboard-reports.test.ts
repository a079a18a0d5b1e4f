import { readFile } from 'node:fs/promises'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCsv } from '../../src/features/registration/csv'
import { newPage, signInByApi, startApp, type RunningApp } from './support/app'

let app: RunningApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.stop())

async function signedIn(email: string) {
  const page = await newPage(app)
  await signInByApi(page, email)
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

  it('compares this month with last month and its CSV matches the table', async () => {
    const page = await signedIn('admin@demo.local')
    await page.goto('/reports')
    await page.getByRole('button', { name: /This month vs last month/ }).waitFor()
    const table = page.getByRole('region', { name: 'Devices in the report' })
    await table.locator('tbody tr').first().waitFor()
    const shown = await table
      .locator('tbody tr, tfoot tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''),
        ),
      )

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    const months = await page.evaluate(() => {
      const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
      const now = new Date()
      return [month(now), month(new Date(now.getFullYear(), now.getMonth() - 1, 1))]
    })
    expect(download.suggestedFilename()).toBe(`energy-report-${months[0]}_vs_${months[1]}.csv`)
    const [header, ...lines] = parseCsv(await readFile((await download.path())!, 'utf8'))
    expect(header).toEqual([
      'device_id',
      'device_name',
      'current_kwh',
      'previous_kwh',
      'absolute_change',
      'percent_change',
    ])
    // One line per device and the total, as the table has: same figures, to the 0.1 shown.
    expect(lines).toHaveLength(shown.length)
    const byName = new Map(lines.map((l) => [l[0] === 'total' ? 'Total' : l[1]!, l.slice(2)]))
    for (const [name, ...cells] of shown) {
      const csv = byName.get(name!)
      expect(csv, `CSV line for ${name}`).toBeDefined()
      cells.forEach((cell, i) => {
        if (csv![i] === '') expect(cell).toBe('N/A')
        else
          expect(Math.abs(figureOf(cell) - Number(csv![i])), `${name}: ${cell}`).toBeLessThan(0.051)
      })
    }
  })

  it("shows today's and this month's figures as the consumption pages do for the same scope", async () => {
    // Far from UTC, so a page cutting days in another zone than the others shows.
    const context = await app.browser.newContext({
      baseURL: app.url,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Pacific/Auckland',
    })
    const page = await context.newPage()
    await signInByApi(page, 'admin@demo.local')
    await page.goto('/dashboard')
    await page.getByText('in Pacific/Auckland time', { exact: false }).waitFor()
    const today = await statFigure(page.getByRole('region', { name: 'Today' }), 'Today so far')
    const month = await statFigure(
      page.getByRole('region', { name: 'This month' }),
      'This month so far',
    )
    const top = await page
      .getByRole('list', { name: 'Top consumers this month' })
      .getByRole('listitem')
      .allInnerTexts()

    const devices = (await (
      await context.request.get('/api/v1/devices/?limit=500', {
        headers: { 'X-Request-ID': 'e2e' },
      })
    ).json()) as { items: { id: string; name: string }[] }
    const perDevice = new Map<string, { today: number; month: number }>()
    for (const device of devices.items) {
      await page.goto(`/devices/${device.id}/consumption`)
      await page.getByRole('heading', { name: device.name, level: 1 }).waitFor()
      const figures = page.getByRole('region', { name: 'Cumulative consumption' })
      perDevice.set(device.name, {
        today: await statFigure(figures, 'Today'),
        month: await statFigure(figures, 'This month'),
      })
    }
    // Each page rounds to 0.1: the sums may differ by half of that per device.
    const slack = 0.05 * (perDevice.size + 1) + 1e-9
    const sum = (key: 'today' | 'month') =>
      [...perDevice.values()].reduce((total, figures) => total + figures[key], 0)
    expect(Math.abs(sum('today') - today)).toBeLessThan(slack)
    expect(Math.abs(sum('month') - month)).toBeLessThan(slack)
    expect(top.length).toBeGreaterThan(0)
    for (const item of top) {
      const [name, figure] = item.split('\n').map((part) => part.trim())
      expect(Math.abs(perDevice.get(name!)!.month - figureOf(figure!)), name).toBeLessThan(0.11)
    }
    await context.close()
  })
})

/** '10,787.4 kWh', '+6,836.2 kWh', '−5.8%' as a number. */
function figureOf(text: string): number {
  const match = /([+\-\u2212]?)([\d,]+(?:\.\d+)?)/.exec(text)
  if (!match) throw new Error(`no figure in '${text}'`)
  const value = Number(match[2]!.replaceAll(',', ''))
  return match[1] ? (match[1] === '+' ? value : -value) : value
}

/** The value of the figure labelled `label` in `scope`, once it has loaded. */
async function statFigure(scope: Locator, label: string): Promise<number> {
  const stat = scope.getByText(label, { exact: true }).locator('..')
  let text = ''
  await expect
    .poll(async () => {
      text = (await stat.innerText()).replace(label, '')
      return /\d/.test(text)
    })
    .toBe(true)
  return figureOf(text)
}
