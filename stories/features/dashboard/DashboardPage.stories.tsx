import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { DashboardPage } from '~/features/dashboard/DashboardPage'
import { devices, users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { dashboardHandlers, dashboardNow, offlineDelivery } from '~/mocks/dashboard'
import { signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

const admin = users[2]!

const handlers = (options?: Parameters<typeof dashboardHandlers>[0]) => ({
  ...baseHandlers,
  auth: signedInAs(admin),
  ...dashboardHandlers(options),
})

const meta = {
  title: 'Features/Dashboard/DashboardPage',
  component: DashboardPage,
  decorators: [withAppServices],
  args: { now: dashboardNow },
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof DashboardPage>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/**
 * Until every widget has its answer (loaded or failed) and the header names the user's timezone:
 * the visual check must see the finished page, not a frame on the way to it.
 */
const settled = async (canvas: Canvas) => {
  await canvas.findByText(/in Europe\/Berlin time\.$/)
  await waitFor(() => expect(canvas.queryAllByRole('status', { name: /^Loading/ })).toHaveLength(0))
}

/** The cards named, which share a row: their tops and heights agree (issue 32). */
const expectOneRow = (canvas: Canvas, names: string[]) => {
  const boxes = names.map((name) => canvas.getByRole('region', { name }).getBoundingClientRect())
  for (const [i, box] of boxes.entries()) {
    expect(Math.abs(box.top - boxes[0]!.top), `${names[i]}'s top`).toBeLessThan(1)
    expect(Math.abs(box.height - boxes[0]!.height), `${names[i]}'s height`).toBeLessThan(1)
  }
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('fleet: online and offline, offline devices listed', async () => {
      const fleet = canvas.getByRole('region', { name: 'Fleet' })
      await expect(await within(fleet).findByRole('link', { name: 'Cold storage' })).toBeVisible()
      await expect(within(fleet).getByText('Online')).toBeVisible()
    })
    await step("today and this bill (the group's cycle) with their change", async () => {
      const today = canvas.getByRole('region', { name: 'Today' })
      await expect(await within(today).findByText(/vs the same hours yesterday/)).toBeVisible()
      const bill = await canvas.findByRole('region', { name: 'This bill' })
      await expect(await within(bill).findByText(/Last bill: .* kWh in total/)).toBeVisible()
    })
    await step('top consumers link to their consumption', async () => {
      const top = canvas.getByRole('region', { name: 'Top consumers' })
      await expect((await within(top).findAllByRole('link')).length).toBe(4)
    })
    await step('the latest unread notifications', async () => {
      const unread = canvas.getByRole('region', { name: 'Unread notifications' })
      await expect(await within(unread).findByText('3 unread')).toBeVisible()
      await expect(within(unread).getAllByRole('link', { name: /is offline/ })).toHaveLength(3)
    })
    await settled(canvas)
    await step('cards of one row are equally tall, their footers level', async () => {
      expectOneRow(canvas, ['Fleet', 'Today', 'This bill'])
      expectOneRow(canvas, ['Top consumers', 'Unread notifications'])
    })
    await step('kWh with two decimals, as on every other page', async () => {
      const today = canvas.getByRole('region', { name: 'Today' })
      const figure = within(today).getByText('Today so far').nextElementSibling!
      await expect(figure).toHaveTextContent(/^[\d,]+\.\d\dkWh$/)
      await expect(within(today).getByText(/^Yesterday: [\d,]+\.\d\d kWh in total$/)).toBeVisible()
    })
  },
}

export const AllCaughtUp: Story = {
  parameters: { msw: { handlers: handlers({ deliveries: [] }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("You're all caught up")).toBeVisible()
    await settled(canvas)
  },
}

/** An unread alert behind 25 newer read ones (more than the bell's 20) is still listed. */
export const UnreadBehindRead: Story = {
  parameters: {
    msw: {
      handlers: handlers({
        deliveries: [
          ...Array.from({ length: 25 }, (_, i) =>
            offlineDelivery(10 + i, devices[0]!, 1 + i, true),
          ),
          offlineDelivery(40, devices[3]!, 30, false),
        ],
      }),
    },
  },
  play: async ({ canvas }) => {
    const unread = canvas.getByRole('region', { name: 'Unread notifications' })
    await expect(await within(unread).findByText('1 unread')).toBeVisible()
    await expect(within(unread).getAllByRole('link', { name: /is offline/ })).toHaveLength(1)
    await settled(canvas)
  },
}

export const NoDevices: Story = {
  parameters: { msw: { handlers: handlers({ devices: [], deliveries: [] }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No devices yet')).toBeVisible()
    await expect(await canvas.findByText('No consumption yet this bill')).toBeVisible()
    await settled(canvas)
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers(),
        devices: [pending('/api/v1/devices/')],
        reports: [pending('/api/v1/reports/energy')],
        notifications: [pending('/api/v1/notifications/')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('status', { name: 'Loading the fleet' }),
    ).toBeInTheDocument()
    await expect(await canvas.findByRole('status', { name: 'Loading today' })).toBeInTheDocument()
    // Preferences are not held back: the header settles on the user's timezone.
    await canvas.findByText(/in Europe\/Berlin time\.$/)
  },
}

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: {
        ...handlers(),
        devices: [failing('/api/v1/devices/')],
        reports: [failing('/api/v1/reports/energy')],
        notifications: [failing('/api/v1/notifications/')],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Could not load the fleet.')).toBeVisible()
    await expect(await canvas.findByText('Could not load this bill.')).toBeVisible()
    await expect(await canvas.findByText('Could not load the last 30 days.')).toBeVisible()
    await settled(canvas)
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('link', { name: 'Cold storage' })).toBeVisible()
    await settled(canvas)
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('3 unread')).toBeVisible()
    await settled(canvas)
  },
}

/** Issue 26: a group with a tariff sees today's and this bill's cost and CO2 beside the kWh. */
const costFigures = async (canvas: Canvas) => {
  const today = await canvas.findByRole('region', { name: 'Today' })
  await expect(await within(today).findByText(/^€[\d,]+\.\d\d · [\d,]+\.\d kg CO₂e/)).toBeVisible()
  const bill = await canvas.findByRole('region', { name: 'This bill' })
  await expect(
    await within(bill).findByText(
      /^€[\d,]+\.\d\d · [\d,.]+ (kg|t) CO₂e, plus €12\.60 standing charges$/,
    ),
  ).toBeVisible()
  // A fleet that only imports under a flat tariff: no parts listed, nothing that is 0.
  await expect(within(bill).queryByText('Feed-in credit')).toBeNull()
  await expect(within(bill).queryByText('Demand charge')).toBeNull()
  await settled(canvas)
}

export const WithCost: Story = {
  parameters: { msw: { handlers: handlers({ priced: true }) } },
  play: async ({ canvas }) => {
    await costFigures(canvas)
    // The cost lines make Today and This bill taller than Fleet: the row keeps one height.
    expectOneRow(canvas, ['Fleet', 'Today', 'This bill'])
  },
}

export const WithCostNarrow: Story = {
  ...WithCost,
  globals: mobileViewport,
  play: async ({ canvas }) => costFigures(canvas),
}

export const WithCostDark: Story = {
  ...WithCost,
  globals: { theme: 'dark' },
}

/** Issue 35: the bill's highest device peak, under the top consumers, linking to that device's day. */
const billPeak = async (canvas: Canvas, estimated = false) => {
  const peak = await canvas.findByRole('region', { name: 'Highest peak this bill' })
  // The mocks give each device a peak on the bill's first day; the EV chargers' is the highest.
  const device = await within(peak).findByRole('link', { name: 'EV chargers' })
  await expect(device.getAttribute('href')).toMatch(/\/consumption\?view=hourly&date=2026-11-08$/)
  await expect(within(peak).getByText('7.55 kW')).toBeVisible()
  await expect(
    within(peak).getByText(
      estimated ? 'Nov 8, 9:00 AM · estimated: an edge falls between readings' : 'Nov 8, 9:00 AM',
    ),
  ).toBeVisible()
  await settled(canvas)
}

export const BillPeak: Story = {
  parameters: { msw: { handlers: handlers({ peak: 'measured' }) } },
  play: async ({ canvas }) => billPeak(canvas),
}
export const BillPeakEstimatedNarrow375: Story = {
  globals: narrowViewport,
  parameters: { ...shellViewportParameters, msw: { handlers: handlers({ peak: 'estimated' }) } },
  play: async ({ canvas }) => billPeak(canvas, true),
}
export const BillPeakDark: Story = { ...BillPeak, globals: { theme: 'dark' } }

/** No device has a peak this bill (readings an hour apart): said in words, not an empty box. */
export const BillPeakNone: Story = {
  parameters: { msw: { handlers: handlers({ peak: 'none' }) } },
  play: async ({ canvas }) => {
    const peak = await canvas.findByRole('region', { name: 'Highest peak this bill' })
    await expect(
      await within(peak).findByText(
        'No device has a peak this bill yet: a peak needs readings at most 15 minutes apart.',
      ),
    ).toBeVisible()
    await settled(canvas)
  },
}

/** A part of a cost as a reader sees it: its term, and the value beside it. */
const expectPart = (scope: Canvas, term: string, value: RegExp | string) =>
  expect(scope.getByText(term, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value)

/**
 * Issue 35, the demo's two-way contract: this bill lists its energy, the feed-in credit taken off,
 * the demand charge, the standing charges and the total, and says that CO2 credits export.
 */
const costParts = async (canvas: Canvas) => {
  const bill = within(await canvas.findByRole('region', { name: 'This bill' }))
  await bill.findByText('Feed-in credit')
  expectPart(bill, 'Energy', /^€[\d,]+\.\d\d$/)
  expectPart(bill, 'Feed-in credit', /^\u2212 €[\d,]+\.\d\d$/)
  expectPart(bill, 'Demand charge', /^€[\d,]+\.\d\d$/)
  expectPart(bill, 'Standing charges', '€12.60')
  expectPart(bill, 'Total', /^€[\d,]+\.\d\d$/)
  expectPart(bill, 'CO₂', /CO₂e, export credited$/)
  await settled(canvas)
}

export const WithCostParts: Story = {
  parameters: { msw: { handlers: handlers({ priced: true, tariff: 'feedInAndDemand' }) } },
  play: async ({ canvas }) => costParts(canvas),
}

export const WithCostPartsNarrow: Story = {
  ...WithCostParts,
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await costParts(canvas)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const WithCostPartsDark: Story = {
  ...WithCostParts,
  globals: { theme: 'dark' },
}

/** The contract has a demand charge, but the meters have no quarter-hour data: none is billed. */
export const DemandChargeNotBilled: Story = {
  parameters: { msw: { handlers: handlers({ priced: true, tariff: 'demandNotBilled' }) } },
  play: async ({ canvas }) => {
    const bill = within(await canvas.findByRole('region', { name: 'This bill' }))
    await bill.findByText('Demand charge')
    expectPart(bill, 'Demand charge', 'not billed: no quarter-hour data')
    await settled(canvas)
  },
}
