import { readFile } from 'node:fs/promises'
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CumulativeConsumption, Device, EnergyReport } from '~/api'
import { readCsvTable } from '~/lib/csv-read'
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

  it('headlines the running month to date and its CSV has the to-date figures of the API', async () => {
    const page = await signedIn('admin@demo.local')
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/reports/energy' && r.ok(),
    )
    await page.goto('/reports')
    await page.getByRole('button', { name: /This month vs last month/ }).waitFor()
    const report = (await (await answer).json()) as EnergyReport
    // The month runs: the server compares it to date, and the page says so in its headline.
    expect(report.to_date).toBe(true)
    const totals = page.getByRole('region', { name: 'Totals' })
    await totals.getByText(/^To date: .* compared with the same days, /).waitFor()
    await totals.getByText('vs the same days', { exact: true }).waitFor()
    const current = await statFigure(totals, /^So far: /)
    const previous = await statFigure(totals, /^Same days before: /)
    // kWh to two decimals, as everywhere (lib/format/quantity.ts): within half a hundredth.
    expect(Math.abs(current! - report.current.total_kwh)).toBeLessThan(0.0051)
    expect(Math.abs(previous! - report.previous.total_kwh!)).toBeLessThan(0.0051)
    // Both periods are cut at the same elapsed time, before their ends.
    for (const period of [report.current, report.previous])
      expect(Date.parse(period.compared_end)).toBeLessThan(Date.parse(period.end))

    const table = page.getByRole('grid', { name: 'Devices in the report' })
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
    // The file names the spans compared: from the 1st to today against the same days before.
    const span = (p: EnergyReport['current']) =>
      `${p.start.slice(0, 10)}_to_${p.compared_end.slice(0, 10)}`
    expect(download.suggestedFilename()).toBe(
      `energy-report-${span(report.current)}_vs_${span(report.previous)}.csv`,
    )
    const { header, records } = readCsvTable(await readFile((await download.path())!, 'utf8'))
    const lines = records.map((r) => header.map((column) => r.values[column]!))
    expect(header).toEqual([
      'device_id',
      'device_name',
      'current_kwh',
      'previous_kwh',
      'absolute_change',
      'percent_change',
      'previous_full_kwh',
      'current_cost',
      'previous_cost',
      'current_co2_kg',
      'previous_co2_kg',
      'currency',
      // Issue 35: export, net and peak per device, then the cost's parts.
      'current_export_kwh',
      'previous_export_kwh',
      'current_net_kwh',
      'previous_net_kwh',
      'current_peak_kw',
      'current_peak_at',
      'current_peak_estimated',
      'current_peak_coverage',
      'previous_peak_kw',
      'previous_peak_at',
      'previous_peak_estimated',
      'previous_peak_coverage',
      'current_energy_cost',
      'current_feed_in_credit',
      'current_demand_charge',
      'previous_energy_cost',
      'previous_feed_in_credit',
      'previous_demand_charge',
    ])
    // The total line's cost parts are the period's, as the Totals card lists them.
    const total = records.find((r) => r.values.device_id === 'total')!.values
    const partsOf = (b: EnergyReport['current']['cost_breakdown']) =>
      [b?.energy, b?.feed_in_credit, b?.demand].map((v) => (v == null ? '' : Number(v)))
    const [energy, feedIn, demand] = partsOf(report.current.cost_breakdown)
    const column = (c: string) => (total[c] === '' ? '' : Number(total[c]))
    expect([column('current_energy_cost'), column('current_feed_in_credit')]).toEqual([
      energy,
      feedIn,
    ])
    // The running bill's demand charge is carried by the share of the bill elapsed: the file,
    // asked for seconds after the answer, carries a few seconds more (a cent every ~20 s here).
    if (demand === '') expect(column('current_demand_charge')).toBe('')
    else
      expect(Math.abs(Number(column('current_demand_charge')) - demand!)).toBeLessThanOrEqual(0.05)
    // The CSV's to-date columns are the API's figures, the whole previous month last.
    const csvOf = new Map(
      lines.map((l) => [l[0]!, l.slice(2, 7).map((v) => (v === '' ? null : Number(v)))]),
    )
    const apiRows = [
      ...report.devices.map(
        (d) =>
          [
            d.device_id,
            [
              d.current_kwh,
              d.previous_kwh,
              d.absolute_change,
              d.percent_change,
              d.previous_full_kwh,
            ],
          ] as const,
      ),
      [
        'total',
        [
          report.current.total_kwh,
          report.previous.total_kwh,
          report.change.absolute_kwh,
          report.change.percent,
          report.previous.full_total_kwh,
        ],
      ] as const,
    ]
    // Northwind has a tariff: the standing charges and the bill follow, in the cost columns only.
    const priced = report.current.standing_charge !== null
    const costsOf = (id: string) =>
      lines
        .find((l) => l[0] === id)!
        .slice(7, 9)
        .map(Number)
    if (priced) {
      const none = [null, null, null, null, null] as const
      apiRows.push(['standing_charge', none] as const, ['bill', none] as const)
      expect(costsOf('standing_charge')[0]).toBeCloseTo(report.current.standing_charge!, 2)
      // The bill is written to the cent: within half a cent of the energy and standing charges.
      const bill = report.current.total_cost! + report.current.standing_charge!
      expect(Math.abs(costsOf('bill')[0]! - bill)).toBeLessThanOrEqual(0.0051)
    }
    expect(lines).toHaveLength(apiRows.length)
    for (const [id, figures] of apiRows) {
      const csv = csvOf.get(id)
      expect(csv, `CSV line for ${id}`).toBeDefined()
      figures.forEach((figure, i) => {
        if (figure === null) expect(csv![i], `${id} column ${i}`).toBeNull()
        else expect(csv![i], `${id} column ${i}`).toBeCloseTo(figure, 6)
      })
    }
    // And the table shows the same to-date figures, kWh to the 0.01 shown and the percent to its
    // 0.1 (its rows: the devices and the total; the standing charges and the bill are the file's).
    const rowLines = lines.filter((l) => l[0] !== 'standing_charge' && l[0] !== 'bill')
    expect(shown).toHaveLength(rowLines.length)
    const byName = new Map(rowLines.map((l) => [l[0] === 'total' ? 'Total' : l[1]!, l]))
    // Each figure column of the table against the file's column of the same figure (the peak,
    // kW with its time, is the consumption tests' to check).
    const columnOf: Record<string, string> = {
      Current: 'current_kwh',
      Previous: 'previous_kwh',
      Change: 'absolute_change',
      'Change %': 'percent_change',
      Export: 'current_export_kwh',
      Net: 'current_net_kwh',
    }
    const heads = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim())
    for (const [name, ...cells] of shown) {
      const csv = byName.get(name!)
      expect(csv, `CSV line for ${name}`).toBeDefined()
      cells.forEach((cell, i) => {
        const column = columnOf[heads[i + 1]!]
        if (!column) return
        const value = csv![header.indexOf(column)]
        if (value === '' || value === undefined) expect(cell).toMatch(/^(N\/A|–)$/)
        else
          expect(Math.abs(figureOf(cell) - Number(value)), `${name}: ${cell}`).toBeLessThan(
            column === 'percent_change' ? 0.051 : 0.0051,
          )
      })
    }
  })

  it("shows one device's today alike on the list, on its page and in both API answers", async () => {
    // A superuser has no group, so no saved zone: the browser's stands, far from the groups'
    // (Europe/Berlin, America/New_York). A figure cut at a group's midnight shows.
    const timeZone = 'Pacific/Auckland'
    const page = await newPage(app, undefined, { timezoneId: timeZone })
    await signInByApi(page, 'superuser@demo.local')
    const api = async <T>(path: string): Promise<T> => {
      const response = await page
        .context()
        .request.get(path, { headers: { 'X-Request-ID': 'e2e' } })
      expect(response.ok(), path).toBe(true)
      return (await response.json()) as T
    }
    const zone = `timezone=${encodeURIComponent(timeZone)}`
    const { items } = await api<{ items: Device[] }>(`/api/v1/devices/?limit=500&${zone}`)
    const device = items.find((d) => d.status === 'online' && d.today_kwh !== null)!
    expect(device, 'an online device with readings today').toBeDefined()
    const today = await api<CumulativeConsumption>(
      `/api/v1/devices/${device.id}/consumption/cumulative/today?${zone}`,
    )
    expect(today.kwh).not.toBeNull()
    expect(device.today_kwh!).toBeCloseTo(today.kwh!, 6)

    await page.goto(`/devices?search=${encodeURIComponent(device.serial_number)}`)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: device.name }) })
    // Both show two decimals (lib/format/quantity.ts): the same figure, to the hundredth.
    const listed = await row.getByRole('cell').last().innerText()
    expect(listed).toMatch(/^[\d,]+\.\d\d kWh$/)
    expect(Math.abs(figureOf(listed) - today.kwh!)).toBeLessThan(0.0051)

    await page.goto(`/devices/${device.id}`)
    await page.getByRole('heading', { name: device.name, level: 1 }).waitFor()
    expect(await statFigure(page.locator('main'), 'Today')).toBe(figureOf(listed))
  })

  it('shows no figure, not 0 kWh, for a device without readings today', async () => {
    const page = await signedIn('admin@demo.local')
    const { items } = (await (
      await page.context().request.get('/api/v1/devices/?status=offline&limit=500', {
        headers: { 'X-Request-ID': 'e2e' },
      })
    ).json()) as { items: Device[] }
    // The demo's offline device stopped reporting three days ago.
    const device = items.find((d) => d.today_kwh === null)!
    expect(device, 'an offline device without readings today').toBeDefined()

    await page.goto(`/devices?search=${encodeURIComponent(device.serial_number)}`)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: device.name }) })
    await expect.poll(() => row.getByRole('cell').last().innerText()).toBe('–')

    await page.goto(`/devices/${device.id}`)
    await page.getByRole('heading', { name: device.name, level: 1 }).waitFor()
    const stat = page.locator('main').getByText('Today', { exact: true }).locator('..')
    await expect.poll(() => stat.innerText()).toMatch(/^Today\s*–\s*kWh$/)
    expect(await stat.innerText()).not.toMatch(/\d/)
  })

  it("shows today's and this month's figures as the consumption pages do for the same scope", async () => {
    // Far from UTC, so a page cutting days in another zone than the others shows. The admin's
    // calendar is their group's zone; a superuser's (no group) is the browser's.
    const context = await app.browser.newContext({
      baseURL: app.url,
      viewport: { width: 1280, height: 800 },
      timezoneId: 'Pacific/Auckland',
    })
    const page = await context.newPage()
    await signInByApi(page, 'superuser@demo.local')
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
    // A device without readings in a window shows '–' there: it adds nothing to the sums.
    const perDevice = new Map<string, { today: number; month: number }>()
    for (const device of devices.items) {
      await page.goto(`/devices/${device.id}/consumption`)
      await page.getByRole('heading', { name: device.name, level: 1 }).waitFor()
      const figures = page.getByRole('region', { name: 'Cumulative consumption' })
      perDevice.set(device.name, {
        today: (await statFigure(figures, 'Today')) ?? 0,
        month: (await statFigure(figures, 'This month')) ?? 0,
      })
    }
    // Each page rounds to 0.01: the sums may differ by half of that per device.
    const slack = 0.005 * (perDevice.size + 1) + 1e-9
    const sum = (key: 'today' | 'month') =>
      [...perDevice.values()].reduce((total, figures) => total + figures[key], 0)
    expect(Math.abs(sum('today') - today!)).toBeLessThan(slack)
    expect(Math.abs(sum('month') - month!)).toBeLessThan(slack)
    expect(top.length).toBeGreaterThan(0)
    for (const item of top) {
      const [name, figure] = item.split('\n').map((part) => part.trim())
      expect(Math.abs(perDevice.get(name!)!.month - figureOf(figure!)), name).toBeLessThan(0.0101)
    }
    await context.close()
  })
})

/** '10,787.40 kWh', '+6,836.25 kWh', '−5.8%' as a number. */
function figureOf(text: string): number {
  const match = /([+\-\u2212]?)([\d,]+(?:\.\d+)?)/.exec(text)
  if (!match) throw new Error(`no figure in '${text}'`)
  const value = Number(match[2]!.replaceAll(',', ''))
  return match[1] ? (match[1] === '+' ? value : -value) : value
}

/** The value of the figure labelled `label` in `scope` once it has loaded; null for '–' (no data). */
async function statFigure(scope: Locator, label: string | RegExp): Promise<number | null> {
  const labelled = scope.getByText(label, { exact: true }).first()
  const stat = labelled.locator('..')
  let text = ''
  await expect
    .poll(async () => {
      text = (await stat.innerText()).replace(await labelled.innerText(), '')
      return /\d|–/.test(text)
    })
    .toBe(true)
  return /\d/.test(text) ? figureOf(text) : null
}
