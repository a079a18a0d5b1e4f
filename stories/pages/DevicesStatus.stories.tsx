import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { handleListDeviceStatus } from '~/api/__generated__/msw.gen'
import { DeviceStatusPage } from '~/features/devices/DeviceStatusPage'
import { device, deviceHandlers } from '~/mocks/devices-detail'
import { NOW } from '~/mocks/fixtures'
import { baseHandlers, failing } from '~/mocks/handlers'
import { withAppServices } from '../support/with-app-services'

const meta = {
  title: 'Pages/Devices/Status',
  component: DeviceStatusPage,
  decorators: [withAppServices],
  args: { deviceId: device.id, now: new Date(NOW) },
  parameters: { msw: { handlers: { ...baseHandlers, device: deviceHandlers() } } },
} satisfies Meta<typeof DeviceStatusPage>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('93.6')).toBeVisible()
    await expect(await canvas.findByRole('list', { name: 'Status changes' })).toBeVisible()
    await expect(canvas.getAllByText('No reading for 30 minutes').length).toBeGreaterThan(0)
  },
}

export const ChooseWindow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const select = await canvas.findByRole('button', { name: /Last 24 hours/ })
    await userEvent.click(select)
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Last 7 days' }))
    await waitFor(() => expect(canvas.getByRole('button', { name: /Last 7 days/ })).toBeVisible())
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          handleListDeviceStatus({ body: { items: [], total: 0, page: 1, page_size: 50 } }),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No status changes recorded')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          failing('/api/v1/devices/:id/status'),
          failing('/api/v1/devices/:id/status/summary'),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The status history could not be loaded'),
    ).toBeVisible()
    await expect(within(canvasElement).getByText('The summary could not be loaded')).toBeVisible()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }
