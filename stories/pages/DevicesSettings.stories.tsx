import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  handleDeleteDevice,
  handleGetCurrentUser,
  handleUpdateDevice,
} from '~/api/__generated__/msw.gen'
import { DeviceSettingsPage } from '~/features/devices/DeviceSettingsPage'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import { connectHandlers } from '~/mocks/devices-connect'
import { device, deviceHandlers } from '~/mocks/devices-detail'
import { NOW, users } from '~/mocks/fixtures'
import { baseHandlers, pending } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../support/viewports'
import { withAppServices } from '../support/with-app-services'

const meta = {
  title: 'Pages/Devices/Settings',
  component: DeviceSettingsPage,
  decorators: [
    (Story) => (
      <>
        <Story />
        <FeedbackToasts />
      </>
    ),
    withAppServices,
  ],
  args: { deviceId: device.id, onDeleted: fn(), now: new Date(NOW) },
  parameters: {
    msw: { handlers: { ...baseHandlers, device: deviceHandlers(), connect: connectHandlers() } },
  },
} satisfies Meta<typeof DeviceSettingsPage>
export default meta
type Story = StoryObj<typeof meta>

const form = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('form', { name: 'Device settings' }))
/** The form once the signed-in user is known (fields are read-only until then). */
const editableForm = async (canvasElement: HTMLElement) => {
  const f = await form(canvasElement)
  await f.findByRole('button', { name: 'Save changes' })
  return f
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement)
    await expect(f.getByRole('textbox', { name: /^Name/ })).toHaveValue('Main meter – Building A')
    await expect(await f.findByRole('button', { name: 'Save changes' })).toBeDisabled()
  },
}

export const UpdateWithToast: Story = {
  play: async ({ canvasElement }) => {
    const f = await editableForm(canvasElement)
    const location = f.getByRole('textbox', { name: /^Location/ })
    await userEvent.clear(location)
    await userEvent.type(location, 'Berlin, Floor 3')
    await userEvent.click(await f.findByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(within(document.body).getByText('Device settings updated')).toBeVisible(),
    )
    await expect(
      within(document.body).getByText('Changes will propagate across the dashboard shortly.'),
    ).toBeVisible()
  },
}

export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const f = await editableForm(canvasElement)
    await userEvent.clear(f.getByRole('textbox', { name: /^Name/ }))
    const serial = f.getByRole('textbox', { name: /^Serial number/ })
    await userEvent.clear(serial)
    await userEvent.type(serial, 'EM 17')
    await userEvent.click(await f.findByRole('button', { name: 'Save changes' }))
    await expect(await f.findByText('Enter a name.')).toBeVisible()
    await expect(
      f.getByText('Use only letters, digits, dots, dashes and underscores.'),
    ).toBeVisible()
  },
}

export const UpdateFails: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        connect: connectHandlers(),
        device: [
          handleUpdateDevice(() =>
            HttpResponse.json(
              { detail: 'Serial number already registered', code: 'conflict' },
              { status: 409 },
            ),
          ),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const f = await editableForm(canvasElement)
    await userEvent.type(f.getByRole('textbox', { name: /^Serial number/ }), '-B')
    await userEvent.click(await f.findByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(within(document.body).getByText('Failed to update device')).toBeVisible(),
    )
    await expect(
      within(document.body).getByText('Please review the form inputs and try again.'),
    ).toBeVisible()
    await expect(f.getByText('Another device already uses this serial number.')).toBeVisible()
  },
}

export const DeleteWithConfirmation: Story = {
  play: async ({ canvasElement, args }) => {
    await form(canvasElement)
    const button = await within(canvasElement).findByRole('button', { name: 'Delete device' })
    button.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Delete device?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete device' }))
    await waitFor(() => expect(within(document.body).getByText('Device deleted')).toBeVisible())
    await expect(
      within(document.body).getByText('The device has been removed from your inventory.'),
    ).toBeVisible()
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalled())
  },
}

export const DeleteFails: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        connect: connectHandlers(),
        device: [
          handleDeleteDevice(() =>
            HttpResponse.json({ detail: 'Device is in use' }, { status: 409 }),
          ),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await form(canvasElement)
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Delete device' }),
    )
    const dialog = await within(document.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete device' }))
    await waitFor(() =>
      expect(within(document.body).getByText('Failed to delete device')).toBeVisible(),
    )
    await expect(
      within(document.body).getByText('Ensure the device is not in use or try again later.'),
    ).toBeVisible()
  },
}

/** Users may look but not change (spec §6: registration and device management need admin). */
export const ReadOnlyForUser: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        connect: connectHandlers(),
        auth: [handleGetCurrentUser({ body: { ...users[3]!, kind: 'user' } })],
        device: deviceHandlers(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const f = await form(canvasElement)
    await expect(
      await within(canvasElement).findByText('Only administrators can change device settings.'),
    ).toBeVisible()
    await expect(f.queryByRole('button', { name: 'Save changes' })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: {
    msw: { handlers: { ...baseHandlers, device: [pending('/api/v1/devices/:id')] } },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}

/**
 * Issue 20: at 375 px the five tabs overflow; the last, current one is scrolled into view and the
 * strip says there is more at its start.
 */
export const NarrowTabsScrolled: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Device pages' })
    const current = within(nav).getByRole('link', { name: 'Settings' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    const strip = nav.getBoundingClientRect()
    const tab = current.getBoundingClientRect()
    await expect(nav.scrollWidth).toBeGreaterThan(nav.clientWidth)
    // Within a pixel: the strip scrolls by whole pixels, the tabs' widths are fractional.
    await expect(tab.left >= strip.left - 1 && tab.right <= strip.right + 1).toBe(true)
    await expect(nav).toHaveAttribute('data-more-start')
    await expect(nav).not.toHaveAttribute('data-more-end')
  },
}
export const NarrowTabsScrolledDark: Story = {
  ...NarrowTabsScrolled,
  globals: { ...narrowViewport, theme: 'dark' },
}
export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }
