import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { handleCreateDevice } from '~/api/__generated__/msw.gen'
import { RegisterChoicePage } from '~/features/registration/RegisterChoicePage'
import { RegisterSinglePage } from '~/features/registration/RegisterSinglePage'
import { connectHandlers, TOKEN } from '~/mocks/devices-connect'
import { deviceHandlers } from '~/mocks/devices-detail'
import { NOW, devices } from '~/mocks/fixtures'
import { baseHandlers } from '~/mocks/handlers'
import { withAppServices } from '../../support/with-app-services'

const created = handleCreateDevice(async ({ request }) =>
  HttpResponse.json(
    { ...devices[0]!, ...(await request.json()), id: '9e0a7b1c-0000-4000-8000-000000000099' },
    { status: 201 },
  ),
)

const meta = {
  title: 'Features/Registration/RegisterSingle',
  component: RegisterSinglePage,
  decorators: [withAppServices],
  args: { now: new Date(NOW) },
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [created, ...deviceHandlers()],
        connect: connectHandlers(),
      },
    },
  },
} satisfies Meta<typeof RegisterSinglePage>
export default meta
type Story = StoryObj<typeof meta>

const next = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Next' }))

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Step 1 of 4: Identity')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeDisabled()
  },
}

export const WizardSteps: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await next(canvasElement)
    await expect(await canvas.findByText('Enter a name.')).toBeVisible()
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Roof PV meter')
    await userEvent.type(canvas.getByRole('textbox', { name: /^Serial number/ }), 'PV-2026-001')
    await next(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /^Location/ }), 'Berlin, Roof')
    await next(canvasElement)
    const model = await canvas.findByRole('button', { name: /Device model/ })
    // Disabled until the model catalogue has loaded, as a person would wait for it.
    await waitFor(() => expect(model).toBeEnabled())
    model.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(
      await within(document.body).findByRole('option', { name: 'Carlo Gavazzi EM340' }),
    )
    await next(canvasElement)
    await expect(await canvas.findByText('Step 4 of 4: Review')).toBeVisible()
    await expect(canvas.getByText('PV-2026-001')).toBeVisible()
    // The review names every choice, the model included.
    await expect(canvas.getByText('Device model')).toBeVisible()
    await expect(canvas.getByText('Carlo Gavazzi EM340')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Register device' }))
    await expect(await canvas.findByText('Roof PV meter is registered')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Open the device' })).toBeVisible()
    // Registration ends with the device's credentials and how to connect.
    await expect(await canvas.findByText(TOKEN)).toBeVisible()
    await expect(await canvas.findByLabelText('Publish with mosquitto_pub')).toHaveTextContent(
      `-P '${TOKEN}'`,
    )
    await expect(canvas.getByText('Waiting for the first message...')).toBeVisible()
  },
}

export const SerialTaken: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          handleCreateDevice(() =>
            HttpResponse.json({ detail: 'Serial number already registered' }, { status: 409 }),
          ),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Copy')
    await userEvent.type(canvas.getByRole('textbox', { name: /^Serial number/ }), 'EM-2024-00017')
    await next(canvasElement)
    await next(canvasElement)
    await next(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Register device' }))
    await expect(
      await canvas.findByText('Another device already uses this serial number.'),
    ).toBeVisible()
    await expect(canvas.getByText('Step 1 of 4: Identity')).toBeVisible()
  },
}

export const Choice: StoryObj<typeof RegisterChoicePage> = {
  render: () => <RegisterChoicePage />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: /One device/ })).toHaveAttribute(
      'href',
      '/register-device/single',
    )
    await expect(
      within(canvasElement).getByRole('link', { name: /A batch from CSV/ }),
    ).toHaveAttribute('href', '/register-device/batch')
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }
