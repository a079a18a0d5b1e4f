import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ReportsPage } from '~/features/reports/ReportsPage'
import type { ReportChoice } from '~/features/reports/report-search'
import { users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { dashboardHandlers, dashboardNow, northwindDevices } from '~/mocks/dashboard'
import { fleetHandler } from '~/mocks/devices-fleet'
import { signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

/** The page with its choice in state, as the route keeps it in the URL. */
function ReportsPageWithChoice(initial: Partial<ReportChoice>) {
  const [choice, setChoice] = useState<ReportChoice>({
    preset: 'this_month',
    metric: 'energy_consumption',
    devices: [],
    ...initial,
  })
  return (
    <ReportsPage
      choice={choice}
      onChange={(patch) => setChoice((c) => ({ ...c, ...patch }))}
      now={dashboardNow}
    />
  )
}

const handlers = (options?: Parameters<typeof dashboardHandlers>[0]) => ({
  ...baseHandlers,
  auth: signedInAs(users[2]!),
  ...dashboardHandlers(options),
  // The device picker searches on the server.
  devices: [fleetHandler(options?.devices ?? northwindDevices)],
})

const meta = {
  title: 'Features/Reports/ReportsPage',
  component: ReportsPageWithChoice,
  decorators: [withAppServices],
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof ReportsPageWithChoice>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

/** Whether Download CSV sits on the title's line (issue 32: the page's action, beside its title). */
const downloadBesideTitle = (canvas: ReturnType<typeof within>) => {
  const title = canvas.getByRole('heading', { level: 1, name: 'Reports' }).getBoundingClientRect()
  const download = canvas.getByRole('button', { name: 'Download CSV' }).getBoundingClientRect()
  return download.top < title.bottom && download.left > title.right
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const totals = await canvas.findByRole('region', { name: 'Totals' })
    await expect(within(totals).getByText('So far: 1 Nov – 22 Nov 2026')).toBeVisible()
    await expect(within(totals).getByText('Same days before: 1 Oct – 22 Oct 2026')).toBeVisible()
    const table = canvas.getByRole('grid', { name: 'Devices in the report' })
    await expect(within(table).getByRole('columnheader', { name: /^Change$/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await expect(within(table).getByRole('rowheader', { name: 'Total' })).toBeVisible()
    // One precision down every column of kWh: two decimals, the change signed.
    for (const row of within(table).getAllByRole('row').slice(1)) {
      const [current, previous, change] = within(row).getAllByRole('gridcell')
      await expect(current).toHaveTextContent(/^[\d,]+\.\d\d kWh/)
      await expect(previous).toHaveTextContent(/^[\d,]+\.\d\d kWh/)
      await expect(change).toHaveTextContent(/^([+-][\d,]+|0)\.\d\d kWh/)
    }
    await expect(downloadBesideTitle(canvas)).toBe(true)
  },
}

/** The chart's legend states the Totals card's change, not one summed from its own buckets. */
export const OneChange: Story = {
  play: async ({ canvas }) => {
    const totals = await canvas.findByRole('region', { name: 'Totals' })
    // The to-date change, as the report computed it (22 Nov 09:45 against 22 Oct 09:45).
    const delta = within(totals).getByText('vs the same days').parentElement!
    const stated = /[+\-−]\d+\.\d%/.exec(delta.textContent!)![0]
    const legend = await canvas.findByRole('list', { name: /legend/ })
    await expect(legend).toHaveTextContent(`Change to date${stated}`)
  },
}

/** Per-day averages: the legend states the Totals card's kWh/day, not a sum of the bars in kWh. */
export const PerDayAverages: Story = {
  args: { metric: 'energy_usage' },
  play: async ({ canvas }) => {
    const totals = await canvas.findByRole('region', { name: 'Totals' })
    const soFar = within(totals).getByText(/^So far:/).parentElement!
    // The figure's own text (its unit is a child element).
    const figure = within(soFar).getByText(/^\d[\d,]*\.\d\d$/).textContent!
    const stated = /^[\d,.]+/.exec(figure)![0]
    const legend = await canvas.findByRole('list', { name: /legend/ })
    await expect(legend).toHaveTextContent(`${stated} kWh/day`)
    await expect(legend).not.toHaveTextContent(/\d kWh(?!\/)/)
  },
}

export const SortByPercent: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Devices in the report' })
    await userEvent.click(within(table).getByRole('columnheader', { name: /Change %/ }))
    await expect(within(table).getByRole('columnheader', { name: /Change %/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    await userEvent.click(within(table).getByRole('columnheader', { name: /Change %/ }))
    await expect(within(table).getByRole('columnheader', { name: /Change %/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    )
    // Clicking a header scrolls the table into view on some runs only: the picture starts at the top.
    window.scrollTo(0, 0)
  },
}

export const TodayVsYesterday: Story = {
  args: { preset: 'today' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^So far: 22 Nov 2026/)).toBeVisible()
    await expect(canvas.getByText(/^Same days before: 21 Nov 2026/)).toBeVisible()
  },
}

export const WeekWithMondayStart: Story = {
  args: { preset: 'this_week' },
  play: async ({ canvas }) => {
    // The mock user starts weeks on Monday; 22 Nov 2026 is a Sunday.
    await expect(await canvas.findByText('So far: 16 Nov – 22 Nov 2026')).toBeVisible()
  },
}

export const CustomRange: Story = {
  args: { preset: 'custom', custom: { from: '2026-11-01', to: '2026-11-10' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Current: 1 Nov – 10 Nov 2026')).toBeVisible()
    await expect(canvas.getByText('Previous: 22 Oct – 31 Oct 2026')).toBeVisible()
    await expect(canvas.getByText('Compare with')).toBeVisible()
  },
}

/** Devices are found by a search and kept as tags, by keyboard; the report covers them only. */
export const ChooseDevices: Story = {
  play: async ({ canvas, step }) => {
    await canvas.findByRole('grid', { name: 'Devices in the report' })
    const search = canvas.getByRole('combobox', { name: 'Devices' })
    await step('search and choose two devices', async () => {
      search.focus()
      await userEvent.keyboard('cold')
      const list = await body().findByRole('listbox')
      await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1))
      await userEvent.keyboard('{ArrowDown}{Enter}')
      await userEvent.keyboard('main')
      await waitFor(() =>
        expect(body().getByRole('option', { name: /^Main meter/ })).toBeInTheDocument(),
      )
      await userEvent.keyboard('{ArrowDown}{Enter}{Escape}')
    })
    const chosen = canvas.getByRole('grid', { name: 'Chosen devices' })
    await expect(within(chosen).getAllByRole('row')).toHaveLength(2)
    await expect(within(chosen).getByRole('row', { name: /^Cold storage/ })).toBeVisible()
    // Header, the two devices, the total.
    await waitFor(() =>
      expect(
        within(canvas.getByRole('grid', { name: 'Devices in the report' })).getAllByRole('row'),
      ).toHaveLength(4),
    )
  },
}

export const NoDevices: Story = {
  parameters: { msw: { handlers: handlers({ devices: [] }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No devices to report on')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: { handlers: { ...handlers(), reports: [pending('/api/v1/reports/energy')] } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Loading the report' }),
    ).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  parameters: {
    msw: { handlers: { ...handlers(), reports: [failing('/api/v1/reports/energy')] } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The report could not be loaded.')).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('region', { name: 'Totals' })).toBeVisible()
    // No room beside the title on a phone: it wraps under the lead.
    await expect(downloadBesideTitle(canvas)).toBe(false)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('grid', { name: 'Devices in the report' })).toBeVisible()
  },
}

/** Issue 26: cost and CO2 under the totals, the change and every device's figures. */
export const WithCost: Story = {
  parameters: { msw: { handlers: handlers({ priced: true }) } },
  play: async ({ canvas }) => {
    const totals = await canvas.findByRole('region', { name: 'Totals' })
    await expect(
      await within(totals).findAllByText(
        /^€[\d,.]+ · [\d,.]+ (kg|t) CO₂e, plus €12\.60 standing charges$/,
      ),
    ).toHaveLength(2)
    await expect(within(totals).getByText(/^[+-]€[\d,.]+ · [+-][\d,.]+ (kg|t) CO₂e$/)).toBeVisible()
    const table = canvas.getByRole('grid', { name: 'Devices in the report' })
    await expect(
      within(table).getAllByText(/^€[\d,.]+ · [\d,.]+ (kg|t) CO₂e$/).length,
    ).toBeGreaterThan(2)
  },
}

export const WithCostNarrow: Story = {
  ...WithCost,
  globals: mobileViewport,
}

/**
 * Issue 35: a fleet with a solar roof (the main meter exports) and peaks: export, net and peak
 * columns, export and net totals.
 */
export const TwoWayAndPeaks: Story = {
  parameters: { msw: { handlers: handlers({ twoWay: true, peak: 'measured' }) } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Devices in the report' })
    for (const name of ['Export', 'Net', 'Peak'])
      await expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument()
    const main = within(table).getByRole('row', { name: /Main meter – Building A/ })
    // The main meter feeds back a fifth of its import; the others have no export register.
    await expect(within(main).getByText('3.20 kW')).toBeInTheDocument()
    await expect(within(main).getByText('Nov 1, 6:15 AM')).toBeInTheDocument()
    const others = within(table).getByRole('row', { name: /Warehouse north/ })
    await expect(within(others).getAllByText('–').length).toBe(2)
    const total = within(table).getByRole('row', { name: /Total/ })
    await expect(within(total).getAllByText(/^[\d,]+\.\d\d kWh$/).length).toBeGreaterThanOrEqual(4)
  },
}
export const TwoWayAndPeaksNarrow375: Story = {
  ...TwoWayAndPeaks,
  globals: narrowViewport,
  parameters: { ...TwoWayAndPeaks.parameters, ...shellViewportParameters },
}
export const TwoWayAndPeaksDark: Story = { ...TwoWayAndPeaks, globals: { theme: 'dark' } }

/** Peaks without export: only the peak column joins; an estimated peak says so. */
export const PeaksOnly: Story = {
  parameters: { msw: { handlers: handlers({ peak: 'estimated' }) } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Devices in the report' })
    await expect(within(table).getByRole('columnheader', { name: 'Peak' })).toBeInTheDocument()
    await expect(within(table).queryByRole('columnheader', { name: 'Export' })).toBeNull()
    await expect(await within(table).findByText('Nov 1, 9:00 AM · estimated')).toBeInTheDocument()
  },
}

/** Every peak null and no export: the table stays as it was, no columns of dashes. */
export const NoPeaksNoExport: Story = {
  parameters: { msw: { handlers: handlers({ peak: 'none' }) } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Devices in the report' })
    for (const name of ['Export', 'Net', 'Peak'])
      await expect(within(table).queryByRole('columnheader', { name })).toBeNull()
  },
}

/**
 * Issue 35, the demo's two-way contract: each period's total lists its energy, the feed-in
 * credit taken off, the demand charge, the standing charges and the bill, and says that CO2
 * credits export; the change stays one line.
 */
export const WithCostParts: Story = {
  parameters: { msw: { handlers: handlers({ priced: true, tariff: 'feedInAndDemand' }) } },
  play: async ({ canvas }) => {
    const totals = within(await canvas.findByRole('region', { name: 'Totals' }))
    await expect(await totals.findAllByText('Feed-in credit')).toHaveLength(2)
    await expect(totals.getAllByText(/^\u2212 €[\d,]+\.\d\d$/)).toHaveLength(2)
    await expect(totals.getAllByText('Demand charge')).toHaveLength(2)
    await expect(totals.getAllByText('Standing charges')).toHaveLength(2)
    await expect(totals.getAllByText('€12.60')).toHaveLength(2)
    await expect(totals.getAllByText('Total')).toHaveLength(2)
    await expect(totals.getAllByText(/CO₂e, export credited$/)).toHaveLength(2)
    await expect(totals.getByText(/^[+-]€[\d,.]+ · [+-][\d,.]+ (kg|t) CO₂e$/)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled()
  },
}

export const WithCostPartsNarrow: Story = {
  ...WithCostParts,
  globals: mobileViewport,
  play: async (context) => {
    await WithCostParts.play!(context)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const WithCostPartsDark: Story = { ...WithCostParts, globals: { theme: 'dark' } }
