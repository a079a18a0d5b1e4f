import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { handleGetCurrentUser, handleListDevices } from '~/api/__generated__/msw.gen'
import type { DevicesSearch } from '~/features/devices/device-list'
import { DevicesPage } from '~/features/devices/DevicesPage'
import { fleetHandler, makeFleet } from '~/mocks/devices-fleet'
import { NOW, devices, users } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../support/viewports'
import { withAppServices } from '../support/with-app-services'

/** The page with its search parameters held in state, as the route holds them in the URL. */
function DevicesPageStory({ initial = {} }: { initial?: DevicesSearch }) {
  const [search, setSearch] = useState<DevicesSearch>(initial)
  return <DevicesPage search={search} onSearchChange={setSearch} now={new Date(NOW)} />
}

const meta = {
  title: 'Pages/Devices',
  component: DevicesPageStory,
  decorators: [withAppServices],
  parameters: {
    layout: 'padded',
    msw: { handlers: { ...baseHandlers, devices: [fleetHandler(devices)] } },
  },
} satisfies Meta<typeof DevicesPageStory>
export default meta
type Story = StoryObj<typeof meta>

const table = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('table', { name: 'Devices' })

/**
 * Until the list has stopped updating. The visual check finds the story root by its text, so a
 * play must not end while a refetch can still change it.
 */
const settled = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).queryByText('Updating devices')).toBeNull())

/** Where the page's actions sit against its title and lead (issue 32). */
const actionsPlace = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  const box = (el: HTMLElement) => el.getBoundingClientRect()
  const title = box(canvas.getByRole('heading', { level: 1, name: 'Devices' }))
  const lead = box(canvas.getByText('6 devices, 1 offline.'))
  const register = box(canvas.getByRole('link', { name: /Register device/ }))
  return {
    beside: register.top < title.bottom && register.left > title.right,
    under: register.top >= lead.bottom,
  }
}

export const Default: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const rows = within(await table(canvasElement))
    await expect(await rows.findByRole('link', { name: 'Cold storage' })).toBeVisible()
    await expect(await canvas.findByText('6 devices, 1 offline.')).toBeVisible()
    await expect(canvas.getByRole('link', { name: /Register device/ })).toBeVisible()
    await expect(canvas.getByRole('link', { name: /Bulk push/ })).toBeVisible()
    await expect(canvas.getByText('Showing 1-6 of 6')).toBeVisible()
    await settled(canvasElement)
    await step('the page actions sit beside the title, not under its lead', async () => {
      await expect(actionsPlace(canvasElement)).toEqual({ beside: true, under: false })
    })
    await step('every figure of a column with two decimals of kWh', async () => {
      for (const row of rows.getAllByRole('row').slice(1)) {
        const [latest, today] = within(row).getAllByRole('cell').slice(-2)
        await expect(latest).toHaveTextContent(/^[\d,]+\.\d\d kWh$/)
        await expect(today).toHaveTextContent(/^([\d,]+\.\d\d kWh|–)$/)
      }
    })
  },
}

export const FilterBySearchAndStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await table(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search devices' }), 'hamburg')
    // Rows narrow at once from what is loaded, before the server answers.
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'EV chargers' })).toBeNull())
    // On a busy machine the server's answer may already be replacing the rows: wait for them.
    await expect(await canvas.findByRole('link', { name: 'Warehouse north' })).toBeVisible()
    await waitFor(() => expect(canvas.getByText('2 devices match the filters.')).toBeVisible())
    canvas.getByRole('button', { name: /All statuses/ }).focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Offline' }))
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Warehouse north' })).toBeNull())
    await expect(canvas.getByRole('link', { name: 'Cold storage' })).toBeVisible()
    await waitFor(() => expect(canvas.getByText('1 device match the filters.')).toBeVisible())
    await settled(canvasElement)
  },
}

export const SortByColumn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await table(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Name' }))
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    )
    const links = await canvas.findAllByRole('link', {
      name: /Building A|Cold storage|Warehouse|EV|Pier|Office/,
    })
    await waitFor(async () =>
      expect((await canvas.findAllByRole('link'))[2]).toHaveTextContent('Warehouse north'),
    )
    await expect(links.length).toBeGreaterThan(0)
    await settled(canvasElement)
  },
}

export const TenThousandDevices: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, devices: [fleetHandler(makeFleet(10_000))] } },
  },
  args: { initial: { pageSize: 500 } },
  play: async ({ canvasElement }) => {
    const tableEl = await table(canvasElement)
    await within(tableEl).findByRole('link', { name: 'Depot meter 00004' })
    await expect(within(canvasElement).getByText('Showing 1-500 of 10,000')).toBeVisible()
    // Virtualised: far fewer rows in the DOM than on the page; the count is the whole fleet's.
    await expect(within(tableEl).getAllByRole('row').length).toBeLessThan(60)
    await expect(tableEl).toHaveAttribute('aria-rowcount', '10001')
    await settled(canvasElement)
  },
}

export const Loading: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, devices: [pending('/api/v1/devices/')] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Loading devices...')).toBeInTheDocument()
    // The table's header is up while the first page loads.
    await expect(canvas.getByRole('columnheader', { name: 'Name' })).toBeVisible()
    // The signed-in user's actions arrive on their own; the page is complete with them.
    await expect(await canvas.findByRole('link', { name: /Register device/ })).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, devices: [fleetHandler([])] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No devices yet')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Register a device' })).toBeVisible()
  },
}

export const NoMatches: Story = {
  args: { initial: { search: 'nothing like this' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('No devices match')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await expect(await canvas.findByRole('link', { name: 'Cold storage' })).toBeVisible()
    await settled(canvasElement)
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, devices: [failing('/api/v1/devices/')] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Could not load devices')).toBeVisible()
    await expect(canvas.getByText('Internal error while loading data')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** A plain user sees the fleet but no registration actions (spec §6). */
export const AsUser: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        auth: [handleGetCurrentUser({ body: { ...users[3]!, kind: 'user' } })],
        devices: [handleListDevices({ body: { items: devices, total: 6, skip: 0, limit: 100 } })],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await table(canvasElement)
    await expect(canvas.queryByRole('link', { name: /Register device/ })).toBeNull()
    await settled(canvasElement)
  },
}

/** A phone: the table folds into device, status and today, still sortable by its headers. */
export const Narrow: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    const grid = within(await table(canvasElement))
    await expect(await grid.findByRole('link', { name: 'Cold storage' })).toBeVisible()
    await expect(grid.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Device',
      'Status',
      'Today',
    ])
    await settled(canvasElement)
    // No room beside the title on a phone: the actions wrap under the lead.
    await expect(actionsPlace(canvasElement)).toEqual({ beside: false, under: true })
  },
}

/** Shown whole: nothing cut off sideways, nor below a clamp. */
const showsAll = (el: HTMLElement) =>
  el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight

/** Issue 20: at 375 px a long name wraps and a six-figure Today value is not cut ('325.44 k…'). */
const longValues = devices.map((d, i) =>
  i === 0 ? { ...d, name: 'Main meter – Warehouse 1', today_kwh: 325.44 } : d,
)
export const NarrowLongValues: Story = {
  globals: narrowViewport,
  parameters: {
    ...shellViewportParameters,
    msw: { handlers: { ...baseHandlers, devices: [fleetHandler(longValues)] } },
  },
  play: async ({ canvasElement }) => {
    const grid = within(await table(canvasElement))
    const name = await grid.findByRole('link', { name: 'Main meter – Warehouse 1' })
    await expect(showsAll(name)).toBe(true)
    const row = grid.getByRole('row', { name: /Main meter – Warehouse 1/ })
    const today = within(row).getAllByRole('cell').at(-1)!
    await expect(today).toHaveTextContent('325.44kWh')
    await expect(showsAll(today)).toBe(true)
    await settled(canvasElement)
  },
}
export const NarrowLongValuesDark: Story = {
  ...NarrowLongValues,
  globals: { ...narrowViewport, theme: 'dark' },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }
