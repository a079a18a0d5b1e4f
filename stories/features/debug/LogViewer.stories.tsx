import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { LogViewer } from '~/features/debug/LogViewer'
import { useAppServices } from '~/features/shared/use-app-services'
import { growingLogsHandler, logsHandler, makeLogLines } from '~/mocks/debug'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { withAppServices } from '../../support/with-app-services'

const meta = {
  title: 'Features/Debug/LogViewer',
  component: LogViewer,
  decorators: [withAppServices],
  parameters: {
    msw: { handlers: { ...baseHandlers, debug: [logsHandler()] } },
  },
} satisfies Meta<typeof LogViewer>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)

/** Picks an option of a labelled select, as a user would. */
async function choose(canvasElement: HTMLElement, label: string | RegExp, option: string) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: label }))
  await userEvent.click(await body.findByRole('option', { name: option }))
}

const entriesList = (canvasElement: HTMLElement) => within(canvasElement).findByRole('list')

export const DataAcrossPages: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step('the first page of 100 lines of 260', async () => {
      await canvas.findByText('Showing 1-100 of 260')
      await expect(canvas.getByText('Page 1 of 3')).toBeVisible()
      await expect(
        within(await entriesList(canvasElement)).getAllByRole('listitem').length,
      ).toBeGreaterThan(5)
      await expect(canvas.getByRole('region', { name: 'Log entries' })).toHaveStyle({
        height: '600px',
      })
    })
    await step('Next, then Last', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Next' }))
      await canvas.findByText('Showing 101-200 of 260')
      await userEvent.click(canvas.getByRole('button', { name: 'Last' }))
      await canvas.findByText('Showing 201-260 of 260')
      await expect(canvas.getByText('Page 3 of 3')).toBeVisible()
    })
  },
}

/** Download saves every line the filters match, not the page on screen; rows show their date. */
export const DownloadsTheFilteredSet: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    await step('each row shows its date as well as its time', async () => {
      const list = within(await entriesList(canvasElement))
      await expect(
        list.getAllByText(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}/).length,
      ).toBeGreaterThan(5)
    })
    await step('Download holds all 260 lines', async () => {
      const created = spyOn(URL, 'createObjectURL')
      try {
        await userEvent.click(canvas.getByRole('button', { name: /Download/ }))
        await waitFor(() => expect(created).toHaveBeenCalledTimes(1))
        const text = await (created.mock.calls[0]![0] as Blob).text()
        await expect(text.trimEnd().split('\n')).toHaveLength(260)
      } finally {
        created.mockRestore()
      }
    })
  },
}

export const FilterGoesBackToPageOne: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }))
    await canvas.findByText('Page 2 of 3')
    await choose(canvasElement, /Level$/, 'ERROR')
    await canvas.findByText('Showing 1-32 of 32', {}, { timeout: 4000 })
    await expect(canvas.getByText('Page 1 of 1')).toBeVisible()
    await expect(canvas.getAllByText('ERROR').length).toBeGreaterThan(1)
  },
}

export const SearchAndModule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    await choose(canvasElement, /Module$/, 'readings.ingest')
    await canvas.findByText('Showing 1-52 of 52')
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'Ingested 99')
    await canvas.findByText(/^Showing 1-\d of \d$/)
  },
}

export const RequestFilter: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    const [first] = canvas.getAllByRole('button', { name: /^Show the lines of request/ })
    await userEvent.click(first!)
    await canvas.findByText('Showing 1-3 of 3')
    await userEvent.click(canvas.getByRole('button', { name: 'Show all requests' }))
    await canvas.findByText('Showing 1-100 of 260')
  },
}

export const PageSize: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    await choose(canvasElement, /Rows per page/, '50')
    await canvas.findByText('Showing 1-50 of 260')
    await expect(canvas.getByText('Page 1 of 6')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, debug: [pending('/api/v1/debug/logs')] } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading logs...')).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, debug: [logsHandler([])] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No logs found')).toBeVisible()
    await expect(within(canvasElement).getByRole('button', { name: /Download/ })).toBeDisabled()
  },
}

export const Error: Story = {
  parameters: {
    msw: {
      handlers: { ...baseHandlers, debug: [failing('/api/v1/debug/logs', 403, 'Not allowed')] },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        'Error loading logs. You may need superuser permissions.',
      ),
    ).toBeVisible()
  },
}

export const AutoRefresh: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, debug: [growingLogsHandler()] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByText(/Heartbeat 1$/)
    const autoRefresh = canvas.getByRole('checkbox', { name: 'Auto-refresh' })
    await userEvent.click(autoRefresh)
    // Spec §9: a poll every 5 s while the box is ticked.
    await waitFor(() => expect(canvas.getByText(/Heartbeat 2$/)).toBeVisible(), { timeout: 7000 })
    // Unticked, the polling stops: the list (and the visual baseline) stays at the second beat.
    await userEvent.click(autoRefresh)
    await expect(autoRefresh).not.toBeChecked()
  },
}

export const FrontendLogs: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await canvas.findByText('Showing 1-100 of 260')
    await step("every session's console lines, as shipped to the server", async () => {
      await choose(canvasElement, /Source$/, 'Frontend Logs')
      await canvas.findByText('Showing 1-24 of 24')
      await expect(
        canvas.getAllByText("Cannot read properties of undefined (reading 'kwh')").length,
      ).toBeGreaterThan(0)
      await expect(canvas.queryByRole('button', { name: /File$/ })).toBeNull()
      await expect(canvas.getByRole('checkbox', { name: 'Auto-refresh' })).toBeVisible()
      await expect(canvas.getByRole('checkbox', { name: 'This browser only' })).not.toBeChecked()
    })
    await step('filtered on the server like the backend files', async () => {
      await choose(canvasElement, /Level$/, 'ERROR')
      await canvas.findByText('Showing 1-10 of 10')
    })
  },
}

/** This browser's log, seeded with a few lines as the app would have written them. */
function FrontendSeeded() {
  const { logs } = useAppServices()
  useState(() => {
    logs.child('router').debug('Navigated to /debug')
    logs.child('api').warn('Slow answer from /api/v1/devices/', { ms: 2300 })
    logs.child('api').error('Request failed', { status: 500, path: '/api/v1/reports/energy' })
  })
  return <LogViewer />
}

export const FrontendThisBrowserOnly: Story = {
  parameters: { visual: false },
  render: () => <FrontendSeeded />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await choose(canvasElement, /Source$/, 'Frontend Logs')
    await canvas.findByText('Showing 1-24 of 24')
    await userEvent.click(canvas.getByRole('checkbox', { name: 'This browser only' }))
    await canvas.findByText('Request failed')
    await expect(canvas.getByText('Showing 1-3 of 3')).toBeVisible()
    // The buffer is live: nothing to poll or refresh.
    await expect(canvas.queryByRole('checkbox', { name: 'Auto-refresh' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /Refresh/ })).toBeNull()
    await choose(canvasElement, /Level$/, 'WARN')
    await canvas.findByText('Showing 1-2 of 2')
  },
}

export const ManyLinesNarrow: Story = {
  parameters: { msw: { handlers: { ...baseHandlers, debug: [logsHandler(makeLogLines(500))] } } },
  render: () => (
    <div style={{ width: 375 }}>
      <LogViewer />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Showing 1-100 of 500')
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Showing 1-100 of 260')
  },
}
