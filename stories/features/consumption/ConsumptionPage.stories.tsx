import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, screen, userEvent, waitFor, within } from 'storybook/test'
import { DeviceConsumptionPage } from '~/features/devices/DeviceConsumptionPage'
import type { ConsumptionTarget } from '~/features/consumption/time-navigation'
import type { ConsumptionView } from '~/lib/search-params'
import { consumptionHandlers, emptyConsumptionHandlers } from '~/mocks/consumption'
import { device, deviceHandlers } from '~/mocks/devices-detail'
import { NOW } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

function ConsumptionStory({
  initialView = 'daily',
  initialDate,
}: {
  initialView?: ConsumptionView
  initialDate?: string
}) {
  const [search, setSearch] = useState<ConsumptionTarget>({ view: initialView, date: initialDate })
  return (
    <DeviceConsumptionPage
      deviceId={device.id}
      view={search.view}
      date={search.date}
      onNavigate={setSearch}
      timeZone="Europe/Berlin"
      weekStart="monday"
      now={new Date(NOW)}
    />
  )
}

const meta = {
  title: 'Features/Consumption/ConsumptionPage',
  component: ConsumptionStory,
  decorators: [withAppServices],
  parameters: {
    msw: {
      handlers: { ...baseHandlers, device: deviceHandlers(), consumption: consumptionHandlers() },
    },
  },
} satisfies Meta<typeof ConsumptionStory>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { name: 'November 2026, per day' }),
    ).toBeVisible()
    const figures = within(await canvas.findByRole('region', { name: 'Cumulative consumption' }))
    for (const label of [
      'Today',
      'Yesterday',
      'This week',
      'Last week',
      'This month',
      'Last month',
    ]) {
      await expect(figures.getByText(label)).toBeVisible()
    }
    await expect(await canvas.findByText('748.30')).toBeVisible()
    await expect(canvas.getByText('Readings missing')).toBeVisible()
    await expect(canvas.getByText('Estimated: an edge falls between readings')).toBeVisible()
    await expect(canvas.getAllByText('Meter reset')[0]).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Daily' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeEnabled())
    // A month's quarter hours are more than one request holds: no power switch, and why.
    await expect(
      canvas.getByText(
        /^Power per quarter hour is shown a day at a time \(one request holds at most 1,000 quarter hours\)/,
      ),
    ).toBeVisible()
    await expect(canvas.queryByRole('switch', { name: 'Power per quarter hour' })).toBeNull()
  },
}

export const SwitchToMonthly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const daily = await canvas.findByRole('tab', { name: 'Daily' })
    daily.focus()
    await userEvent.keyboard('{ArrowRight}{ArrowRight}')
    await expect(
      await canvas.findByRole('heading', { name: 'Last 12 months, per month' }),
    ).toBeVisible()
    await expect(canvas.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  },
}

export const Weekly: Story = {
  args: { initialView: 'weekly' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Last 12 weeks, per week' }),
    ).toBeVisible()
  },
}

export const TableView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: /Show as table/ }))
    await expect(await canvas.findByRole('table')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: [pending('/api/v1/devices/:id/consumption/*')],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'November 2026, per day' }),
    ).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: emptyConsumptionHandlers(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No readings in this period')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeDisabled()
  },
}

/** The consumption endpoints are not there yet (501) or fail: the page stays usable. */
export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: [failing('/api/v1/devices/:id/consumption/*', 501, 'Not Implemented')],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Not Implemented')).toBeVisible()
    await expect(canvas.getAllByText('Not available').length).toBe(9)
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
/** Issue 20: at 375 px the chart's views start within the first screen, the figures under them. */
export const Narrow375: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: async (context) => {
    await Default.play!(context)
    const canvas = within(context.canvasElement)
    const views = canvas.getByRole('tablist', { name: 'View' }).getBoundingClientRect()
    const figures = canvas
      .getByRole('region', { name: 'Cumulative consumption' })
      .getBoundingClientRect()
    await expect(views.top).toBeLessThan(window.innerHeight / 2)
    await expect(figures.top).toBeGreaterThan(views.bottom)
  },
}
export const Narrow375Dark: Story = {
  ...Narrow375,
  globals: { ...narrowViewport, theme: 'dark' },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }

/** Issue 20: back a month and forward again; next stops at the current month. */
export const PreviousAndNext: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'November 2026, per day' })
    await expect(canvas.getByRole('button', { name: 'Next month' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Today' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Previous month' }))
    await expect(
      await canvas.findByRole('heading', { name: 'October 2026, per day' }),
    ).toBeVisible()
    // A whole past month: all 31 days drawn, none left out as days to come.
    await expect(
      await canvas.findByRole('application', { name: 'Daily consumption' }),
    ).toHaveAccessibleDescription(/^31 daily values from 1 Oct 2026 to 31 Oct 2026/)
    await userEvent.click(canvas.getByRole('button', { name: 'Next month' }))
    await expect(
      await canvas.findByRole('heading', { name: 'November 2026, per day' }),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Next month' })).toBeDisabled()
  },
}

/** Issue 20: a month's bar opens its days, a day's bar its hours, by keyboard; crumbs lead back. */
export const DrillDown: Story = {
  args: { initialView: 'monthly', initialDate: '2026-06-15' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { name: 'Jul 2025 – Jun 2026, per month' }),
    ).toBeVisible()
    // Labels name the year: 'Dec 2025' is a month, where 'Dec 25' reads as a day.
    await expect(await canvas.findByText('Dec 2025')).toBeInTheDocument()
    await step('a month opens its days', async () => {
      canvas.getByRole('application', { name: 'Monthly consumption' }).focus()
      await userEvent.keyboard('{Home}{ArrowRight}{Enter}')
      // Focus lands on the new view, not on the page body.
      await expect(
        await canvas.findByRole('heading', { name: 'August 2025, per day' }),
      ).toHaveFocus()
      await expect(canvas.getByRole('tab', { name: 'Daily' })).toHaveAttribute(
        'aria-selected',
        'true',
      )
    })
    await step('a day opens its hours', async () => {
      const chart = await canvas.findByRole('application', { name: 'Daily consumption' })
      await expect(chart).toHaveAccessibleDescription(/Click or press Enter for its hours\.$/)
      chart.focus()
      await userEvent.keyboard('{Home}{ArrowRight}{ArrowRight}{Enter}')
      await expect(
        await canvas.findByRole('heading', { name: 'Sunday 3 August 2025, per hour' }),
      ).toBeVisible()
      await expect(await canvas.findByText('14:00')).toBeInTheDocument()
    })
    await step('breadcrumbs lead back up', async () => {
      const crumbs = canvas.getByRole('navigation', { name: 'Breadcrumbs' })
      await expect(within(crumbs).getByText('Sun 3 Aug 2025')).toHaveAttribute(
        'aria-current',
        'page',
      )
      await userEvent.click(within(crumbs).getByRole('link', { name: 'August 2025' }))
      await expect(
        await canvas.findByRole('heading', { name: 'August 2025, per day' }),
      ).toBeVisible()
      // The daily view's own crumbs: the hourly panel's left with it.
      const dailyCrumbs = canvas.getByRole('navigation', { name: 'Breadcrumbs' })
      await userEvent.click(
        within(dailyCrumbs).getByRole('link', { name: '12 months to Aug 2025' }),
      )
      await expect(
        await canvas.findByRole('heading', { name: 'Sep 2024 – Aug 2025, per month' }),
      ).toBeVisible()
    })
  },
}

/** Issue 20: a day picked in the calendar shows the window holding it; days to come cannot be picked. */
export const PickADate: Story = {
  args: { initialView: 'hourly' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Sunday 22 November 2026, per hour' })
    canvas.getByRole('button', { name: /Open calendar/ }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    await expect(within(dialog).getByRole('button', { name: /23/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.keyboard('{ArrowLeft}{Enter}')
    await expect(
      await canvas.findByRole('heading', { name: 'Saturday 21 November 2026, per hour' }),
    ).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Next day' })).toBeEnabled()
  },
}

/** The hours of the day the clocks went back in Berlin: 25 bars, 02:00 twice. */
export const HourlyClockChange: Story = {
  args: { initialView: 'hourly', initialDate: '2026-10-25' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('application', { name: 'Hourly consumption' }),
    ).toHaveAccessibleDescription(/^25 hourly values/)
  },
}

export const PastWindowNarrowDark: Story = {
  args: { initialView: 'hourly', initialDate: '2026-10-25' },
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('heading', { name: 'Sunday 25 October 2026, per hour' })
    const nav = canvas.getByRole('group', { name: 'Period' }).getBoundingClientRect()
    await expect(nav.right).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** Issue 26: a group with a tariff and a factor sees cost and CO2 beside every kWh figure. */
export const WithCost: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({ priced: true }),
      },
    },
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const figures = within(await canvas.findByRole('region', { name: 'Cumulative consumption' }))
    await step('the presets, bills with their days', async () => {
      // Last month: 748.3 kWh at €0.31 and 380 g.
      await expect(await figures.findByText('€231.97 · 284.4 kg CO₂e')).toBeVisible()
      await expect(await figures.findByText('8 Oct – 7 Nov 2026')).toBeVisible()
      await expect(await figures.findByText('8 Nov – 7 Dec 2025')).toBeVisible()
      await expect(await figures.findByText('€133.83 · 164.0 kg CO₂e')).toBeVisible()
    })
    await step('the window total, and per bucket in the table', async () => {
      await expect(
        await canvas.findByText(/^Total [\d,]+\.\d\d kWh · €[\d,]+\.\d\d · [\d,]+\.\d kg CO₂e$/),
      ).toBeVisible()
      await userEvent.click(await canvas.findByRole('button', { name: /Show as table/ }))
      const table = await canvas.findByRole('table')
      await expect(within(table).getByRole('columnheader', { name: 'Cost' })).toBeVisible()
      await expect(within(table).getByRole('columnheader', { name: 'CO₂e' })).toBeVisible()
    })
  },
}

export const WithCostNarrow375: Story = {
  ...WithCost,
  globals: narrowViewport,
  parameters: { ...WithCost.parameters, ...shellViewportParameters },
}

export const WithCostDark: Story = {
  ...WithCost,
  globals: { theme: 'dark' },
}

/** Issue 35: a two-way meter shows export and net beside every kWh total, and the window's peak. */
export const TwoWayMeter: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({ twoWay: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const figures = within(await canvas.findByRole('region', { name: 'Cumulative consumption' }))
    // Last month: 748.3 kWh imported, a fifth of it exported.
    await expect(await figures.findByText('Export 149.66 kWh · Net 598.64 kWh')).toBeVisible()
    await expect(
      await canvas.findByText(
        /^Total [\d,]+\.\d\d kWh · Export [\d,]+\.\d\d kWh · Net [\d,]+\.\d\d kWh$/,
      ),
    ).toBeVisible()
    await expect(await canvas.findByText('Peak 6.40 kW · Nov 22, 8:15 AM')).toBeVisible()
    // The chart draws export under the axis, beside the import it offsets.
    const legend = await canvas.findByRole('list', { name: 'Daily consumption legend' })
    await expect(within(legend).getByText('Import')).toBeVisible()
    await expect(within(legend).getByText('Export')).toBeVisible()
    await expect(
      canvas.getByRole('application', { name: 'Daily consumption' }),
    ).toHaveAccessibleDescription(/Total [\d,.]+ kWh\. Export [\d,.]+ kWh\./)
  },
}
export const TwoWayMeterNarrow375: Story = {
  ...TwoWayMeter,
  globals: narrowViewport,
  parameters: { ...TwoWayMeter.parameters, ...shellViewportParameters },
}
export const TwoWayMeterDark: Story = { ...TwoWayMeter, globals: { theme: 'dark' } }

/** Issue 35: the window's peak rests on a value interpolated at an edge of its quarter hour. */
export const PeakEstimated: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({ peak: 'estimated' }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Peak 7.13 kW · Nov 22, 8:15 AM · estimated: an edge falls between readings',
      ),
    ).toBeVisible()
  },
}

/** Issue 35: readings an hour apart say nothing of a quarter hour: no peak, and why. */
export const PeakNone: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({ peak: 'none' }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'No peak: no quarter hour has readings at most 15 minutes apart',
      ),
    ).toBeVisible()
  },
}
export const PeakNoneNarrow375Dark: Story = {
  ...PeakNone,
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: { ...PeakNone.parameters, ...shellViewportParameters },
}

/** Issue 35: a day's quarter hours as power, the peak quarter hour marked with its value and time. */
const showPower = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await canvas.findByRole('heading', { name: 'Sunday 22 November 2026, per hour' })
  const power = await canvas.findByRole('switch', { name: 'Power per quarter hour' })
  power.focus()
  await userEvent.keyboard(' ')
  await expect(power).toBeChecked()
  return canvas
}

export const Power: Story = {
  args: { initialView: 'hourly' },
  play: async ({ canvasElement }) => {
    const canvas = await showPower(canvasElement)
    const chart = await canvas.findByRole('application', { name: 'Power per quarter hour' })
    // The day until now (11:00 in Berlin, the quarter hour begun then included), the peak named.
    await expect(chart).toHaveAccessibleDescription(
      /^45 quarter-hour values from 22 Nov 2026 to 22 Nov 2026\. Peak 6\.40 kW · Nov 22, 8:15 AM\./,
    )
    // Under the window's totals, and on the chart over the peak's bar.
    await expect(await canvas.findAllByText('Peak 6.40 kW · Nov 22, 8:15 AM')).toHaveLength(2)
  },
}
export const PowerNarrow375: Story = {
  ...Power,
  globals: narrowViewport,
  parameters: shellViewportParameters,
}
export const PowerDark: Story = { ...Power, globals: { theme: 'dark' } }

/** The peak quarter hour's edge fell between readings: the marker says so. */
export const PowerPeakEstimated: Story = {
  args: { initialView: 'hourly' },
  parameters: PeakEstimated.parameters,
  play: async ({ canvasElement }) => {
    const canvas = await showPower(canvasElement)
    await expect(
      await canvas.findByRole('application', { name: 'Power per quarter hour' }),
    ).toHaveAccessibleDescription(/Peak 7\.13 kW · Nov 22, 8:15 AM \(estimated\)\./)
  },
}

/** Readings an hour apart: no quarter hour has a power figure, and the chart says why. */
export const PowerNoPeak: Story = {
  args: { initialView: 'hourly' },
  parameters: PeakNone.parameters,
  play: async ({ canvasElement }) => {
    const canvas = await showPower(canvasElement)
    await expect(await canvas.findByText('No quarter hour with a power figure')).toBeVisible()
    await expect(
      canvas.getByText("A quarter hour's power needs readings at most 15 minutes apart."),
    ).toBeVisible()
  },
}

/** A two-way meter's day per hour: export mirrored under each hour's import, at 375 px in dark. */
export const TwoWayHoursNarrow375Dark: Story = {
  args: { initialView: 'hourly' },
  globals: { ...narrowViewport, theme: 'dark' },
  parameters: { ...TwoWayMeter.parameters, ...shellViewportParameters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const legend = await canvas.findByRole('list', { name: 'Hourly consumption legend' })
    await expect(within(legend).getByText('Export')).toBeVisible()
  },
}

/**
 * Issue 35, the demo's two-way contract: each figure's cost lists its energy, the feed-in credit
 * taken off, its share of the demand charge and the total; CO2 says export is credited.
 */
export const WithCostParts: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({ priced: true, twoWay: true, tariff: 'feedInAndDemand' }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const figures = within(await canvas.findByRole('region', { name: 'Cumulative consumption' }))
    // Last bill: 739.2 kWh at €0.31, 147.84 kWh exported at €0.08, a whole bill's €26.60.
    await expect(await figures.findByText('€229.15')).toBeVisible()
    await expect(figures.getByText('\u2212 €11.83')).toBeVisible()
    await expect(figures.getAllByText('€26.60').length).toBeGreaterThan(0)
    await expect(figures.getByText('€243.92')).toBeVisible()
    await waitFor(() => expect(figures.getAllByText('Feed-in credit')).toHaveLength(9))
    await expect(figures.getAllByText(/CO₂e, export credited$/)).toHaveLength(9)
  },
}
export const WithCostPartsNarrow375: Story = {
  ...WithCostParts,
  globals: narrowViewport,
  parameters: { ...WithCostParts.parameters, ...shellViewportParameters },
}
export const WithCostPartsDark: Story = { ...WithCostParts, globals: { theme: 'dark' } }

/** A demand charge applies, but readings an hour apart give no peak: it is not billed, and said. */
export const DemandChargeNotBilled: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers({
          priced: true,
          peak: 'none',
          tariff: 'demandNotBilled',
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const figures = within(
      await within(canvasElement).findByRole('region', { name: 'Cumulative consumption' }),
    )
    // Each of the nine figures answers on its own.
    await waitFor(() =>
      expect(figures.getAllByText('not billed: no quarter-hour data')).toHaveLength(9),
    )
    // The meter only imports: no feed-in line.
    await expect(figures.queryByText('Feed-in credit')).toBeNull()
  },
}
