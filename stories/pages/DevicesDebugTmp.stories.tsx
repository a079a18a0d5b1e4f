import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn, userEvent, within } from 'storybook/test'
import { DeviceSettingsPage } from '../../src/features/devices/DeviceSettingsPage'
import { device, deviceHandlers } from '../../src/mocks/devices-detail'
import { baseHandlers } from '../../src/mocks/handlers'
import { withAppServices } from '../support/with-app-services'

const meta = {
  title: 'Tmp/Debug',
  component: DeviceSettingsPage,
  decorators: [withAppServices],
  args: { deviceId: device.id, onDeleted: fn() },
  parameters: { a11y: { test: 'off' }, msw: { handlers: { ...baseHandlers, device: deviceHandlers() } } },
} satisfies Meta<typeof DeviceSettingsPage>
export default meta
export const A: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const save = await within(canvasElement).findByRole('button', { name: 'Save changes' })
    await userEvent.clear(within(canvasElement).getByRole('textbox', { name: /^Name/ }))
    await userEvent.click(save)
    await new Promise((r) => setTimeout(r, 500))
    const img = document.querySelector('[role="img"]')
    console.log('IMG-DEBUG', img?.parentElement?.parentElement?.parentElement?.outerHTML.slice(0, 3000))
  },
}
export const B: StoryObj<typeof meta> = A
