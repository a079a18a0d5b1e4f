import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { DeviceOverviewPage } from '~/features/devices/DeviceOverviewPage'
import { alarmFixtures, alarmsMock } from '~/mocks/alarms'
import { consumptionHandlers, type PeakKind } from '~/mocks/consumption'
import { device, deviceHandlers, twoWayHandlers } from '~/mocks/devices-detail'
import { NOW } from '~/mocks/fixtures'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { liveHandlers } from '~/mocks/live'
import { HttpResponse } from 'msw'
import { handleGetDevice } from '~/api/__generated__/msw.gen'
import { formatKwh } from '~/lib/format'
import { useLiveEvents } from '~/features/live/use-live-events'
import { withAppServices } from '../support/with-app-services'
import { FeedbackToasts } from '~/features/feedback/FeedbackToasts'

/** Without alarms by default (the card is absent); one story has an active one to acknowledge. */
const noAlarms = alarmsMock([])
const activeAlarm = alarmsMock([
  {
    ...alarmFixtures[1]!,
    state: 'active',
    acknowledged_at: null,
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledgement_note: null,
  },
])

function OverviewStory({ deviceId = device.id }: { deviceId?: string }) {
  const [measurement, setMeasurement] = useState<string | undefined>()
  return (
    <>
      <DeviceOverviewPage
        deviceId={deviceId}
        measurement={measurement}
        onMeasurementChange={setMeasurement}
        timeZone="Europe/Berlin"
        now={new Date(NOW)}
      />
      <FeedbackToasts />
    </>
  )
}

/** The page with this tab's live stream open, as a signed-in session has it. */
function LiveOverviewStory() {
  useLiveEvents(true)
  return <OverviewStory />
}

const meta = {
  title: 'Pages/Devices/Overview',
  component: OverviewStory,
  decorators: [withAppServices],
  loaders: [() => void activeAlarm.reset()],
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers(),
        alarms: noAlarms.handlers,
      },
    },
  },
} satisfies Meta<typeof OverviewStory>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      await canvas.findByRole('heading', { name: 'Main meter – Building A', level: 1 }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // Today's 10.4 kWh with the two decimals every kWh figure has.
    await expect(await canvas.findByText('10.40')).toBeVisible()
    await expect(await canvas.findByText('Consumption above threshold')).toBeVisible()
    // Issue 35: the running bill's peak demand and when it was.
    await expect(await canvas.findByText('Peak this bill')).toBeVisible()
    await expect(canvas.getByText('Nov 22, 8:15 AM')).toBeVisible()
    await expect(canvas.getByText('Daily consumption this month')).toBeVisible()
  },
}

export const ChooseMeasurement: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const select = await canvas.findByRole('button', { name: /Energy \(kWh\)/ })
    select.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Power (W)' }))
    await waitFor(() => expect(canvas.getByText('Power, last 48 hours')).toBeVisible())
    // Watts are whole numbers, as the precision rule says; kWh would have two decimals.
    const table = canvas.getByRole('grid', { name: 'Readings' })
    await waitFor(() =>
      expect(
        within(within(table).getAllByRole('row')[1]!).getAllByRole('gridcell')[0],
      ).toHaveTextContent(/^[\d,]+ W$/),
    )
  },
}

/** The readings of the charted measurement, newest first; the Source filter keeps manual ones. */
export const ReadingsBySource: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('grid', { name: 'Readings' })
    await step('newest first, ten to a page', async () => {
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11))
      await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('HTTP')
      await expect(canvas.getByText('Showing 1-10 of 27')).toBeVisible()
    })
    await step('only the manual ones, with their photos', async () => {
      const source = canvas.getByRole('button', { name: /Source/ })
      source.focus()
      await userEvent.keyboard('{Enter}')
      await userEvent.click(await within(document.body).findByRole('option', { name: 'Manual' }))
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
      const newest = within(table).getAllByRole('row')[1]!
      await expect(newest).toHaveTextContent('by Ada Admin')
      await expect(newest).toHaveTextContent('Read during the monthly walk-through')
      await expect(within(table).getAllByRole('link', { name: /Download the photo/ })).toHaveLength(
        2,
      )
    })
  },
}

const twoWay = {
  msw: {
    handlers: {
      ...baseHandlers,
      device: [...twoWayHandlers(), ...deviceHandlers()],
      consumption: consumptionHandlers({ twoWay: true }),
      alarms: noAlarms.handlers,
    },
  },
}

/**
 * A two-way meter: its energy readings show the export register beside the import one, and the
 * export is no measurement to chart of its own.
 */
export const TwoWayMeter: Story = {
  parameters: twoWay,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('grid', { name: 'Readings' })
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1,539.95 kWh'),
    )
    await expect(within(table).getByRole('columnheader', { name: 'Import' })).toBeVisible()
    await expect(within(table).getByRole('columnheader', { name: 'Export' })).toBeVisible()
    // Ten to a page, as before: the export readings are no rows of their own.
    await expect(canvas.getByText('Showing 1-10 of 27')).toBeVisible()
    const select = canvas.getByRole('button', { name: /Energy \(kWh\)/ })
    select.focus()
    await userEvent.keyboard('{Enter}')
    const options = await within(document.body).findAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['Energy (kWh)', 'Power (W)'])
    await userEvent.keyboard('{Escape}')
    // Issue 35: export and net beside each import figure (today: 10.4 kWh, a fifth exported).
    await expect(canvas.getByText('Export 2.08 kWh · Net 8.32 kWh')).toBeVisible()
  },
}

export const TwoWayMeterDark: Story = {
  parameters: twoWay,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Export 2.08 kWh · Net 8.32 kWh'),
    ).toBeVisible()
  },
}

const withPeak = (peak: PeakKind) => ({
  msw: {
    handlers: {
      ...baseHandlers,
      device: deviceHandlers(),
      consumption: consumptionHandlers({ peak }),
      alarms: noAlarms.handlers,
    },
  },
})

/** Issue 35: the bill's peak rests on a value interpolated at an edge of its quarter hour. */
export const PeakEstimated: Story = {
  parameters: withPeak('estimated'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Peak this bill')).toBeVisible()
    await expect(await canvas.findByText('7.13')).toBeVisible()
    await expect(
      canvas.getByText('Nov 22, 8:15 AM · estimated: an edge falls between readings'),
    ).toBeVisible()
  },
}
export const PeakEstimatedNarrow: Story = {
  ...PeakEstimated,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
}

/** Issue 35: readings an hour apart say nothing of a quarter hour: no peak, and why. */
export const PeakNone: Story = {
  parameters: withPeak('none'),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'No peak: no quarter hour has readings at most 15 minutes apart',
      ),
    ).toBeVisible()
  },
}
export const PeakNoneDark: Story = { ...PeakNone, globals: { theme: 'dark' } }

/** On a phone the export stands under the import. */
export const TwoWayMeterNarrow: Story = {
  parameters: twoWay,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('grid', { name: 'Readings' })
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Export 1,539.95 kWh'),
    )
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

export const NotFound: Story = {
  args: { deviceId: '00000000-0000-4000-8000-000000000000' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Device not found')).toBeVisible()
  },
}

export const Error: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, device: [failing('/api/v1/devices/:id')] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Could not load the device')).toBeVisible()
  },
}

/** Consumption not answering yet (the figures and chart show their own states). */
export const ConsumptionFailing: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: [failing('/api/v1/devices/:id/consumption/*', 501, 'Not Implemented')],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', {
        name: 'Main meter – Building A',
        level: 1,
      }),
    ).toBeVisible()
  },
}

export const Narrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: Default.play,
}
export const Dark: Story = { globals: { theme: 'dark' }, play: Default.play }

const LIVE_KWH = (device.latest_kwh ?? 0) + 12.5

/** The device as the server answers once the live reading is stored: it is the latest. */
const withLiveReading = {
  ...device,
  latest_kwh: LIVE_KWH,
  last_seen: NOW,
  summary: {
    ...device.summary,
    reading_count: device.summary.reading_count + 1,
    last_reading_at: NOW,
  },
}
/** How often the story's page asked for the device: its first answer is before the reading. */
let deviceReads = 0

/**
 * The device publishes: the stream's `reading` event sets the latest reading at once (and the
 * figures and charts are refetched), without a reload.
 */
export const LiveReading: Story = {
  beforeEach: () => {
    deviceReads = 0
  },
  render: () => <LiveOverviewStory />,
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        // The page refetches the device after the event: the server then has the reading.
        device: [
          handleGetDevice(() => HttpResponse.json(deviceReads++ === 0 ? device : withLiveReading)),
          ...deviceHandlers(),
        ],
        consumption: consumptionHandlers(),
        live: liveHandlers([
          {
            event: 'reading',
            data: {
              device_id: device.id,
              timestamp: NOW,
              kwh: LIVE_KWH,
              source: 'mqtt',
            },
            afterMs: 500,
          },
        ]),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(formatKwh(device.latest_kwh))).toBeVisible()
    await expect(await canvas.findByText(formatKwh(LIVE_KWH), {}, { timeout: 4000 })).toBeVisible()
    // Then the refetched device: the reading counted.
    await expect(await canvas.findByText(/35,041 readings/)).toBeVisible()
  },
}

export const ActiveAlarm: Story = {
  parameters: {
    msw: {
      handlers: {
        ...baseHandlers,
        device: deviceHandlers(),
        consumption: consumptionHandlers(),
        alarms: activeAlarm.handlers,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const list = await canvas.findByRole('list', { name: 'Active alarms' })
    await expect(within(list).getByText('Active')).toBeVisible()
    const acknowledge = within(list).getByRole('button', { name: /^Acknowledge/ })
    await expect(acknowledge).toHaveAccessibleName(/^Acknowledge .+ on .+$/)
    await userEvent.click(acknowledge)
    const body = within(document.body)
    const dialog = await body.findByRole('dialog', { name: 'Acknowledge alarm' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() => expect(body.getByText('Alarm acknowledged')).toBeVisible())
    await waitFor(() => expect(within(list).getByText('Acknowledged')).toBeVisible())
    // Focus moved to the alarm's next action, not to the top of the page.
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Snooze/ })).toHaveFocus())
  },
}
