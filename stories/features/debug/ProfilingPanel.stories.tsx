import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ProfilingPanel } from '~/features/debug/ProfilingPanel'
import { profilingHandlers } from '~/mocks/debug'
import { baseHandlers } from '~/mocks/handlers'
import { withAppServices } from '../../support/with-app-services'

const handlers = (mode: Parameters<typeof profilingHandlers>[0]) => ({
  ...baseHandlers,
  profiling: profilingHandlers(mode),
})

const meta = {
  title: 'Features/Debug/ProfilingPanel',
  component: ProfilingPanel,
  decorators: [withAppServices],
  parameters: { msw: { handlers: handlers('profiled') } },
} satisfies Meta<typeof ProfilingPanel>
export default meta
type Story = StoryObj<typeof meta>

const body = within(document.body)

/** Waits for the device list to load (the placeholder changes), then picks one. */
async function chooseDevice(canvasElement: HTMLElement, name = /Main meter – Building A/) {
  const select = await within(canvasElement).findByRole(
    'button',
    { name: /^(Select a device|.*\)).*Device$/ },
    { timeout: 3000 },
  )
  await userEvent.click(select)
  await userEvent.click(await body.findByRole('option', { name }))
}

const execute = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: 'Execute with Profiling' }))

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText(
        "Select an endpoint and click 'Execute with Profiling' to see detailed performance metrics",
      ),
    ).toBeVisible()
    await expect(
      canvas.getByText('Profiling shows step-by-step timing, SQL queries and memory usage.'),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: /Endpoint$/ }))
    // Visible once the list has faded in.
    await waitFor(() =>
      expect(
        body.getByRole('option', { name: /Device consumption — cumulative today/ }),
      ).toBeVisible(),
    )
    await expect(
      body.getByRole('option', { name: /Device consumption — intervals today/ }),
    ).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}

export const NoDevice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Please select a device')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Execute with Profiling' })).toBeDisabled()
    await userEvent.click(
      await canvas.findByRole('button', { name: /^Select a device.*Device$/ }, { timeout: 3000 }),
    )
    // Spec §2: name, serial number in brackets, and location or 'No location'. Visible once the
    // list has faded in.
    await waitFor(() =>
      expect(
        body.getByRole('option', {
          name: /Main meter – Building A \(EM-2024-00017\).*Berlin, Floor 2/,
        }),
      ).toBeVisible(),
    )
    await expect(
      body.getByRole('option', { name: /EV chargers \(EM-2024-00020\).*No location/ }),
    ).toBeVisible()
    await userEvent.keyboard('{Escape}')
  },
}

export const Executing: Story = {
  parameters: { msw: { handlers: handlers('pending') } },
  play: async ({ canvasElement }) => {
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    const button = await within(canvasElement).findByRole('button', { name: 'Executing...' })
    await expect(button).toBeDisabled()
  },
}

export const Profiled: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    await step('results: badge, quick analysis, response and profile card', async () => {
      await expect(await canvas.findByRole('heading', { name: 'Profile Results' })).toBeVisible()
      await expect(canvas.getByText('Profiled')).toBeVisible()
      await expect(canvas.getByRole('heading', { name: 'Quick Analysis' })).toBeVisible()
      await expect(canvas.getByText(/"total_kwh": 31.42/)).toBeVisible()
      await expect(canvas.getByRole('heading', { name: 'Performance Profile' })).toBeVisible()
    })
  },
}

export const NewDeviceClearsProfile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    await canvas.findByRole('heading', { name: 'Profile Results' })
    // Spec §4: changing the device clears the previous profile.
    await chooseDevice(canvasElement, /Warehouse north/)
    await waitFor(() =>
      expect(canvas.queryByRole('heading', { name: 'Profile Results' })).toBeNull(),
    )
    await expect(canvas.getByText(/Select an endpoint and click/)).toBeVisible()
  },
}

export const ProfiledWithoutPayload: Story = {
  parameters: { msw: { handlers: handlers('empty') } },
  play: async ({ canvasElement }) => {
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    await expect(
      await within(canvasElement).findByText('No response payload captured.'),
    ).toBeVisible()
  },
}

export const NoProfileError: Story = {
  parameters: { msw: { handlers: handlers('unprofiled') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    await expect(
      await canvas.findByText(
        'Response did not include profiling data. Ensure the endpoint supports profiling.',
      ),
    ).toBeVisible()
    // Spec §4: choosing another endpoint clears the error.
    await userEvent.click(canvas.getByRole('button', { name: /Endpoint$/ }))
    await userEvent.click(
      await body.findByRole('option', { name: /Device consumption — intervals today/ }),
    )
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull())
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: handlers('error') } },
  play: async ({ canvasElement }) => {
    await chooseDevice(canvasElement)
    await execute(canvasElement)
    await expect(
      await within(canvasElement).findByText('Only developers may profile'),
    ).toBeVisible()
  },
}

export const Dark: Story = { globals: { theme: 'dark' }, play: Profiled.play }
