import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, spyOn, userEvent, within } from 'storybook/test'
import { handleCreateDevicesBatch } from '~/api/__generated__/msw.gen'
import { RegisterBatchPage } from '~/features/registration/RegisterBatchPage'
import { connectHandlers, TOKEN } from '~/mocks/devices-connect'
import { fleetHandler } from '~/mocks/devices-fleet'
import { devices } from '~/mocks/fixtures'
import { baseHandlers, failing } from '~/mocks/handlers'
import { withAppServices } from '../../support/with-app-services'

let made = 0
const createOk = handleCreateDevicesBatch(async ({ request }) =>
  HttpResponse.json(
    {
      items: (await request.json()).items.map((item) => ({
        ...devices[0]!,
        ...item,
        id: `9e0a7b1c-0000-4000-8000-0000000002${String(made++ % 100).padStart(2, '0')}`,
      })),
    },
    { status: 201 },
  ),
)

const meta = {
  title: 'Features/Registration/RegisterBatch',
  component: RegisterBatchPage,
  decorators: [withAppServices],
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        devices: [fleetHandler(devices), createOk],
        connect: connectHandlers(),
      },
    },
  },
} satisfies Meta<typeof RegisterBatchPage>
export default meta
type Story = StoryObj<typeof meta>

const paste = async (canvasElement: HTMLElement, csv: string) => {
  const canvas = within(canvasElement)
  const box = canvas.getByRole('textbox', { name: 'CSV' })
  await userEvent.click(box)
  await userEvent.paste(csv)
  await userEvent.click(canvas.getByRole('button', { name: 'Check rows' }))
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /Download template/ }),
    ).toBeVisible()
    await expect(within(canvasElement).getByRole('button', { name: 'Check rows' })).toBeDisabled()
  },
}

export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await paste(
      canvasElement,
      'name,serial_number\nRoof,PV-1\nRoof copy,pv-1\nOld,EM-2024-00017\n,bad serial\n',
    )
    await expect(await canvas.findByText('Serial number repeats line 2.')).toBeVisible()
    await expect(
      canvas.getByText('A device with this serial number is already registered.'),
    ).toBeVisible()
    await expect(canvas.getByText('Enter a name.')).toBeVisible()
    await expect(
      canvas.getByText('1 ready, 3 rows with problems (they will not be registered).'),
    ).toBeVisible()
  },
}

/** Only the ready rows are offered and sent; the result names the lines left out. */
export const RegisterTheReadyRows: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement)
    await ValidationErrors.play!(context)
    await userEvent.click(canvas.getByRole('button', { name: 'Register 1 device' }))
    await expect(await canvas.findByText('1 device registered')).toBeVisible()
    await expect(
      canvas.getByText(/Not registered \(they had problems\): lines 3, 4, 5\./),
    ).toBeVisible()
  },
}

export const RegisterAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await paste(canvasElement, 'name,serial_number,location\nRoof,PV-1,Berlin\nCellar,PV-2,\n')
    await expect(await canvas.findByText('All 2 rows are ready.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Register 2 devices' }))
    await expect(await canvas.findByText('2 devices registered')).toBeVisible()
  },
}

/** The new devices' tokens, offered once as a CSV: the file is the only copy. */
export const DownloadTokens: Story = {
  play: async (context) => {
    const canvas = within(context.canvasElement)
    await RegisterAll.play!(context)
    const saved = spyOn(URL, 'createObjectURL')
    await userEvent.click(canvas.getByRole('button', { name: 'Download device tokens (CSV)' }))
    await expect(
      await canvas.findByText(/Tokens saved to device-tokens.csv. They are not shown again/),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: /Download device tokens/ })).toBeNull()
    const csv = await (saved.mock.calls[0]![0] as Blob).text()
    const lines = csv.trim().split(/\r?\n/)
    await expect(lines[0]).toBe('device_id,name,serial_number,token')
    await expect(lines).toHaveLength(3)
    await expect(lines[1]).toContain(`,Roof,PV-1,${TOKEN}`)
    saved.mockRestore()
  },
}

/** The server refuses one row: nothing is stored, and the row shows why. */
export const RefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        devices: [
          fleetHandler(devices),
          handleCreateDevicesBatch(() =>
            HttpResponse.json(
              {
                detail: [
                  {
                    loc: ['body', 'items', 1, 'serial_number'],
                    msg: 'A device with serial number PV-2 already exists',
                    type: 'duplicate',
                  },
                ],
                code: 'validation_error',
              },
              { status: 422 },
            ),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await paste(canvasElement, 'name,serial_number\nRoof,PV-1\nCellar,PV-2\n')
    await userEvent.click(await canvas.findByRole('button', { name: 'Register 2 devices' }))
    await expect(
      await canvas.findByText(/Nothing was registered: line 3 failed the server's checks/),
    ).toBeVisible()
    await expect(canvas.getByText('A device with serial number PV-2 already exists')).toBeVisible()
    // The refused row is not offered again; the other one is.
    await expect(canvas.getByRole('button', { name: 'Register 1 device' })).toBeEnabled()
  },
}

export const FleetUnavailable: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, devices: [failing('/api/v1/devices/')] } } },
  play: async ({ canvasElement }) => {
    await paste(canvasElement, 'name,serial_number\nRoof,PV-1\n')
    await expect(
      await within(canvasElement).findByText(/Registered serial numbers could not be loaded/),
    ).toBeVisible()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: ValidationErrors.play,
}
export const Dark: Story = { globals: { theme: 'dark' }, play: ValidationErrors.play }
