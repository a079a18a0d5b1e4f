import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { handleCreateManualReading, handleListDeviceAttachments } from '~/api/__generated__/msw.gen'
import { AddLogPage } from '~/features/devices/AddLogPage'
import { LogsPage } from '~/features/devices/LogsPage'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'
import { device, deviceHandlers, manualReadings } from '~/mocks/devices-detail'
import { NOW } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { withAppServices } from '../support/with-app-services'

const meta = {
  title: 'Pages/Devices/Logs',
  component: LogsPage,
  decorators: [withAppServices],
  args: { deviceId: device.id, now: new Date(NOW) },
  parameters: { msw: { handlers: { ...baseHandlers, device: deviceHandlers() } } },
} satisfies Meta<typeof LogsPage>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const gallery = within(await canvas.findByRole('list', { name: 'Log photos' }))
    await expect(await gallery.findByText('22,398.40 kWh')).toBeVisible()
    await expect(gallery.getByText('Ada Admin')).toBeVisible()
    await expect(gallery.getByText('Uma User')).toBeVisible()
    // the note entered with the reading, under its photo
    await expect(await gallery.findByText(/^Read during the monthly walk-through/)).toBeVisible()
  },
}

export const OpenFullSize: Story = {
  play: async ({ canvasElement }) => {
    const open = await within(canvasElement).findByRole('button', {
      name: 'Open meter-2026-11-20.jpg full size',
    })
    open.focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'meter-2026-11-20.jpg',
    })
    // Visible once the dialog has faded in.
    await waitFor(() => expect(within(dialog).getByRole('img')).toBeVisible())
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [handleListDeviceAttachments({ body: { items: [] } }), ...deviceHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No manual readings with photos yet'),
    ).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [pending('/api/v1/devices/:id/attachments'), ...deviceHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('list', { name: 'Loading log photos' }),
    ).toBeInTheDocument()
  },
}

export const Error: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [failing('/api/v1/devices/:id/attachments'), ...deviceHandlers()],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Could not load the log photos'),
    ).toBeVisible()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }

const pngFile = () =>
  new File(
    [
      Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        ),
        (c) => c.charCodeAt(0),
      ),
    ],
    'meter.png',
    { type: 'image/png' },
  )

/** The add_log page, in the same file as the logs it returns to. */
export const AddReading: StoryObj<typeof AddLogPage> = {
  render: (args) => (
    <>
      <AddLogPage {...args} />
      <FeedbackToasts />
    </>
  ),
  args: { deviceId: device.id, onSaved: fn(), now: new Date(NOW) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const value = await canvas.findByRole('textbox', { name: /Meter value/ })
    await userEvent.type(value, '22500.5')
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!
    await userEvent.upload(input, pngFile())
    await expect(await canvas.findByRole('img', { name: 'Preview of meter.png' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled())
    await waitFor(() => expect(within(document.body).getByText('Reading added')).toBeVisible())
  },
}

export const AddReadingBelowPrevious: StoryObj<typeof AddLogPage> = {
  render: AddReading.render,
  args: AddReading.args,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Meter value/ }), '100')
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    await expect(await canvas.findByText(/^Below the previous reading/)).toBeVisible()
    await userEvent.click(canvas.getByRole('checkbox', { name: /reset or replaced/ }))
    // Corrected: the message goes at once, before the next save.
    await expect(canvas.queryByText(/^Below the previous reading/)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled())
  },
}

export const AddReadingRejected: StoryObj<typeof AddLogPage> = {
  render: AddReading.render,
  args: AddReading.args,
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          handleCreateManualReading(() =>
            HttpResponse.json({ detail: 'A reading at this time exists already' }, { status: 409 }),
          ),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Meter value/ }), '22500')
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    await expect(
      await canvas.findByText('A reading for this device already exists at that time.'),
    ).toBeVisible()
  },
}

/** What the last save sent as the export register (null: the field was not sent). */
let sentExport: FormDataEntryValue | null = null

/** A two-way meter read by hand: both registers are sent. */
export const AddReadingWithExport: StoryObj<typeof AddLogPage> = {
  render: AddReading.render,
  args: AddReading.args,
  beforeEach: () => {
    sentExport = null
  },
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          handleCreateManualReading(async ({ request }) => {
            sentExport = (await request.formData()).get('export_kwh')
            return HttpResponse.json(
              { ...manualReadings[0]!, id: 9100, export_kwh: Number(sentExport) },
              { status: 201 },
            )
          }),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Meter value/ }), '22500.5')
    await userEvent.type(canvas.getByRole('textbox', { name: /Export register/ }), '1530.5')
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    await waitFor(() => expect(args.onSaved).toHaveBeenCalled())
    await expect(sentExport).toBe('1530.5')
  },
}

/** The server refuses the export value: its message stands under the export field. */
export const AddReadingExportRejected: StoryObj<typeof AddLogPage> = {
  render: AddReading.render,
  args: AddReading.args,
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: [
          handleCreateManualReading(() =>
            HttpResponse.json(
              {
                detail: [
                  {
                    loc: ['body', 'export_kwh'],
                    msg:
                      '1,500.00 kWh is lower than the previous export reading (1,520.40 kWh at ' +
                      '2026-11-22T08:00:00.000Z). If the meter was reset or replaced, mark the ' +
                      'reading as a meter reset.',
                    type: 'below_previous',
                  },
                ],
              },
              { status: 422 },
            ),
          ),
          ...deviceHandlers(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: /Meter value/ }), '22500')
    const exported = canvas.getByRole('textbox', { name: /Export register/ })
    await userEvent.type(exported, '1500')
    await userEvent.click(canvas.getByRole('button', { name: 'Save reading' }))
    // On the field itself (the toast says it too).
    await waitFor(() => expect(exported).toHaveAttribute('aria-invalid', 'true'))
    await expect(exported).toHaveAccessibleDescription(
      /1,500\.00 kWh is lower than the previous export reading/,
    )
  },
}
