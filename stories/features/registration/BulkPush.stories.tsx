import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, within } from 'storybook/test'
import { handleBulkPushReadings } from '~/api/__generated__/msw.gen'
import { BulkPushPage } from '~/features/registration/BulkPushPage'
import { fleetHandler } from '~/mocks/devices-fleet'
import { devices } from '~/mocks/fixtures'
import { baseHandlers } from '~/mocks/handlers'
import { narrowViewport, shellViewportParameters } from '../../support/viewports'
import { withAppServices } from '../../support/with-app-services'

/** Stores every item, except Cold storage's, which fails once and then succeeds on retry. */
let coldFailures = 0
const pushHandler = handleBulkPushReadings(async ({ request }) => {
  const { items } = await request.json()
  const results = items.map((item, index) => {
    const cold = item.device_id === devices[2]!.id && coldFailures++ === 0
    return {
      index,
      device_id: item.device_id,
      status: cold ? ('error' as const) : ('success' as const),
      error: cold ? 'Device is being maintained' : null,
    }
  })
  return HttpResponse.json({
    results,
    accepted: results.filter((r) => r.status === 'success').length,
    duplicates: 0,
    rejected: results.filter((r) => r.status === 'error').length,
  })
})

const meta = {
  title: 'Features/Registration/BulkPush',
  component: BulkPushPage,
  decorators: [withAppServices],
  parameters: {
    msw: { handlers: { ...baseHandlers, devices: [fleetHandler(devices), pushHandler] } },
  },
} satisfies Meta<typeof BulkPushPage>
export default meta
type Story = StoryObj<typeof meta>

const csv = `serial_number,timestamp,kwh,status
EM-2024-00017,2026-11-22T08:00:00+01:00,22431.3,online
EM-2024-00019,2026-11-22T08:00:00+01:00,23893.8,offline
EM-2024-99999,2026-11-22T08:00:00+01:00,1,online
EM-2024-00018,yesterday,-4,
`

const check = async (canvasElement: HTMLElement, text: string) => {
  const canvas = within(canvasElement)
  await userEvent.click(canvas.getByRole('textbox', { name: 'Readings' }))
  await userEvent.paste(text)
  await userEvent.click(canvas.getByRole('button', { name: 'Check rows' }))
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Check rows' })).toBeDisabled()
  },
}

export const PreviewWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await check(canvasElement, csv)
    await expect(
      await canvas.findByText('No device with serial number EM-2024-99999.'),
    ).toBeVisible()
    await expect(canvas.getByText('kwh cannot be negative.')).toBeVisible()
    // Rows with problems show what was typed, not a dash.
    const bad = canvas.getByRole('row', { name: /EM-2024-00018/ })
    await expect(within(bad).getByRole('cell', { name: 'yesterday' })).toBeVisible()
    await expect(within(bad).getByRole('cell', { name: '-4' })).toBeVisible()
    await expect(
      canvas.getByText('2 ready, 2 with problems (they will not be sent).'),
    ).toBeVisible()
  },
}

export const PushAndRetryFailed: Story = {
  play: async ({ canvasElement }) => {
    coldFailures = 0
    const canvas = within(canvasElement)
    await check(canvasElement, csv)
    await userEvent.click(await canvas.findByRole('button', { name: 'Push 2 readings' }))
    await expect(await canvas.findByText('1 stored, 0 already stored, 1 failed.')).toBeVisible()
    await expect(canvas.getByText('2 sent, 2 with problems not sent.')).toBeVisible()
    await expect(canvas.queryByText(/\bready\b/)).toBeNull()
    await expect(canvas.getByText('Device is being maintained')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry 1 failed' }))
    await expect(await canvas.findByText('2 stored, 0 already stored, 0 failed.')).toBeVisible()
  },
}

/** What the last push sent as export registers, by device. */
let sentExports: Array<number | undefined> = []

/** Two-way meters: an `export_kwh` column goes with each reading, checked like `kwh`. */
export const TwoWayMeters: Story = {
  beforeEach: () => {
    sentExports = []
  },
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        devices: [
          fleetHandler(devices),
          handleBulkPushReadings(async ({ request }) => {
            const { items } = await request.json()
            sentExports = items.map((item) => item.export_kwh)
            return HttpResponse.json({
              results: items.map((item, index) => ({
                index,
                device_id: item.device_id,
                status: 'success' as const,
                error: null,
              })),
              accepted: items.length,
              duplicates: 0,
              rejected: 0,
            })
          }),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await check(
      canvasElement,
      `serial_number,timestamp,kwh,export_kwh
EM-2024-00017,2026-11-22T08:00:00+01:00,22431.3,1520.4
EM-2024-00019,2026-11-22T08:00:00+01:00,23893.8,
EM-2024-00018,2026-11-22T08:00:00+01:00,9120.4,-3
`,
    )
    await expect(await canvas.findByRole('columnheader', { name: 'Export kWh' })).toBeVisible()
    await expect(canvas.getByText('export_kwh cannot be negative.')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Push 2 readings' }))
    await expect(await canvas.findByText('2 stored, 0 already stored, 0 failed.')).toBeVisible()
    // An empty cell is an import-only reading: no export_kwh is sent for it.
    await expect(sentExports).toEqual([1520.4, undefined])
  },
}

export const JsonInput: Story = {
  play: async ({ canvasElement }) => {
    await check(
      canvasElement,
      JSON.stringify([{ device_id: devices[0]!.id, timestamp: '2026-11-22T08:00:00Z', kwh: 1 }]),
    )
    await expect(await within(canvasElement).findByText('1 ready.')).toBeVisible()
  },
}

export const BadJson: Story = {
  play: async ({ canvasElement }) => {
    await check(canvasElement, '[{"kwh": ')
    await expect(await within(canvasElement).findByText(/^Not valid JSON/)).toBeVisible()
  },
}

/** Issue 20: on a phone the card's title stays on one line (it broke into 'Reading / s'). */
const titleOnOneLine = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  const title = canvas.getByRole('heading', { name: 'Readings', level: 2 })
  const lineHeight = parseFloat(getComputedStyle(title).lineHeight)
  await expect(title.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5)
  await expect(canvas.getByRole('button', { name: /Download template/ })).toBeVisible()
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async (context) => {
    await PreviewWithErrors.play!(context)
    await titleOnOneLine(context.canvasElement)
  },
}

export const Narrow375: Story = {
  globals: narrowViewport,
  parameters: shellViewportParameters,
  play: ({ canvasElement }) => titleOnOneLine(canvasElement),
}
export const Narrow375Dark: Story = {
  ...Narrow375,
  globals: { ...narrowViewport, theme: 'dark' },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: PreviewWithErrors.play }
