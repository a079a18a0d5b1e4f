import type { Meta, StoryObj } from '@storybook/react-vite'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { DevicePicker } from '~/features/shared/DevicePicker'
import { northwindDevices } from '~/mocks/dashboard'
import { fleetHandler, makeFleet, queryFleet } from '~/mocks/devices-fleet'
import { baseHandlers, pending } from '~/mocks/handlers'
import { mobileViewport } from '../../ui/helpers'
import { tabTo } from '../../support/keyboard'

const [main, warehouse] = northwindDevices

/** The picker with its choice in state, as a page keeps it; `onChange` records each choice. */
function Harness({
  initial = [],
  onChange,
}: {
  initial?: string[]
  onChange?: (ids: string[]) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <div style={{ display: 'grid', gap: '1rem', maxWidth: '40rem' }}>
      <DevicePicker
        value={value}
        onChange={(ids) => {
          setValue(ids)
          onChange?.(ids)
        }}
        chosenLabel="Chosen devices"
        allLabel="All devices in scope"
        description="Leave empty to report on every device in scope."
      />
    </div>
  )
}

const meta = {
  title: 'Features/Shared/DevicePicker',
  component: Harness,
  args: { onChange: fn() },
  parameters: { msw: { handlers: { ...baseHandlers, devices: [fleetHandler(northwindDevices)] } } },
} satisfies Meta<typeof Harness>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)
/** Escape closes the open list; the story ends once it is gone (it hides the rest meanwhile). */
async function closeList() {
  await userEvent.keyboard('{Escape}')
  await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Devices' })).toBeVisible()
    await expect(canvas.getByText('All devices in scope')).toBeVisible()
    await expect(canvas.getByText('Leave empty to report on every device in scope.')).toBeVisible()
  },
}

/**
 * Tab to the search (the list stays shut until one types), type, arrow to a match and Enter: it
 * becomes a tag, the list closes, the search clears.
 */
export const SearchAndChooseByKeyboard: Story = {
  play: async ({ canvas, args }) => {
    const search = canvas.getByRole('combobox', { name: 'Devices' })
    await tabTo(search, userEvent)
    await expect(search).toHaveAttribute('aria-expanded', 'false')
    await userEvent.keyboard('hall 3')
    // The server answers the settled search: only the warehouse is in Hall 3.
    await waitFor(() =>
      expect(
        body()
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringMatching(/^Warehouse north/)]),
    )
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onChange).toHaveBeenLastCalledWith([warehouse!.id])
    // The list closes on the pick; the search is empty and keeps focus for the next device.
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await expect(search).toHaveValue('')
    await expect(search).toHaveFocus()
    const chosen = canvas.getByRole('grid', { name: 'Chosen devices' })
    // The tag says 'Loading...' until the chosen device's name is back from the server.
    await expect(await within(chosen).findByRole('row', { name: /^Warehouse north/ })).toBeVisible()
  },
}

/**
 * Each pick closes the list, the first as much as the next, and so does picking a device again
 * after removing its tag; the pointer opens the whole list with the chevron.
 */
export const PickCloses: Story = {
  play: async ({ canvas, args }) => {
    const search = canvas.getByRole('combobox', { name: 'Devices' })
    const showAll = canvas.getByRole('button', { name: /Show suggestions/ })
    const pick = async (name: RegExp) => {
      await userEvent.click(showAll)
      await userEvent.click(await body().findByRole('option', { name }))
      await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
      await expect(search).toHaveValue('')
    }
    await pick(/^Cold storage/)
    await pick(/^Warehouse north/)
    await expect(args.onChange).toHaveBeenLastCalledWith([expect.any(String), warehouse!.id])
    const chosen = canvas.getByRole('grid', { name: 'Chosen devices' })
    await userEvent.click(
      await within(chosen).findByRole('button', { name: 'Remove Warehouse north' }),
    )
    await waitFor(() => expect(within(chosen).getAllByRole('row')).toHaveLength(1))
    await pick(/^Warehouse north/)
    await expect(await within(chosen).findByRole('row', { name: /^Warehouse north/ })).toBeVisible()
    await expect(within(chosen).getAllByRole('row')).toHaveLength(2)
  },
}

/** Tags are reached by Tab and arrows; Delete removes the focused one, and its button says so. */
export const RemoveByKeyboard: Story = {
  args: { initial: [main!.id, warehouse!.id] },
  play: async ({ canvas, args }) => {
    const chosen = canvas.getByRole('grid', { name: 'Chosen devices' })
    const first = await within(chosen).findByRole('row', { name: /^Main meter/ })
    await expect(
      within(chosen).getByRole('button', { name: 'Remove Warehouse north' }),
    ).toBeInTheDocument()
    await tabTo(first, userEvent)
    await userEvent.keyboard('{ArrowRight}')
    await userEvent.keyboard('{Delete}')
    await expect(args.onChange).toHaveBeenLastCalledWith([main!.id])
    await waitFor(() => expect(within(chosen).getAllByRole('row')).toHaveLength(1))
    await userEvent.keyboard('{Backspace}')
    await expect(args.onChange).toHaveBeenLastCalledWith([])
    await expect(await canvas.findByText('All devices in scope')).toBeVisible()
  },
}

/** A group of thousands: the list shows the first matches and says how to find the rest. */
export const Thousands: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, devices: [fleetHandler(makeFleet(5000))] } },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Showing 50 of 5,000: type to narrow the list.'),
    ).toBeVisible()
    await userEvent.type(canvas.getByRole('combobox', { name: 'Devices' }), 'meter 04321')
    await waitFor(() =>
      expect(
        body()
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringMatching(/meter 04321/)]),
    )
    await expect(canvas.getByText('Leave empty to report on every device in scope.')).toBeVisible()
    await closeList()
  },
}

export const Loading: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, devices: [pending('/api/v1/devices/')] } },
  },
  play: async ({ canvas }) => {
    canvas.getByRole('combobox', { name: 'Devices' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(await body().findByText('Loading devices...')).toBeInTheDocument()
    await closeList()
  },
}

/** Requests for devices so far in a story run (LoadError fails the first). */
let devicesCalls = 0

/** The first load fails: the picker says so and offers a retry, which brings the devices. */
export const LoadError: Story = {
  beforeEach: () => {
    devicesCalls = 0
  },
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        devices: [
          http.get('*/api/v1/devices/', ({ request }) =>
            devicesCalls++ === 0
              ? HttpResponse.json({ detail: 'Internal error while loading data' }, { status: 500 })
              : HttpResponse.json(queryFleet(northwindDevices, new URL(request.url).searchParams)),
          ),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Devices could not be loaded')
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    const search = await canvas.findByRole('combobox', { name: 'Devices' })
    search.focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(body().getAllByRole('option')).toHaveLength(northwindDevices.length))
    await closeList()
  },
}

export const NarrowScreen: Story = {
  args: { initial: [main!.id, warehouse!.id] },
  globals: mobileViewport,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('row', { name: /^Warehouse north/ })).toBeVisible()
    await expect(canvas.getByRole('combobox', { name: 'Devices' })).toBeVisible()
  },
}

/**
 * The open list in the dark theme, opened with the pointer on the chevron: padded options, each
 * with its place on a second line.
 */
export const DarkOpenList: Story = {
  args: { initial: [main!.id] },
  globals: { theme: 'dark' },
  parameters: {
    // While the list is open react-aria hides the rest of the page from assistive technology,
    // the chosen tags included; Tab leaves the search and closes the list before reaching them.
    a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('row', { name: /^Main meter/ })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Show suggestions/ }))
    const option = await body().findByRole('option', { name: /^Cold storage/ })
    await waitFor(() => expect(option).toBeVisible())
    await expect(body().queryByRole('option', { name: /^Main meter/ })).toBeNull()
  },
}
