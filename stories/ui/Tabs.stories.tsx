import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Tab, TabList, TabPanel, Tabs, tabListVariants } from '~/ui'
import { mobileViewport, Stack } from './helpers'

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { onSelectionChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Debug tools">
        <Tab id="logs">Logs</Tab>
        <Tab id="profiling">Profiling</Tab>
        <Tab id="system" isDisabled>
          System info
        </Tab>
      </TabList>
      <TabPanel id="logs">Backend and frontend logs.</TabPanel>
      <TabPanel id="profiling">Execute an endpoint with profiling.</TabPanel>
      <TabPanel id="system">System information.</TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const logs = canvas.getByRole('tab', { name: 'Logs' })
    await expect(logs).toHaveAttribute('aria-selected', 'true')
    await userEvent.tab()
    await expect(logs).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    const profiling = canvas.getByRole('tab', { name: 'Profiling' })
    // The test runner's act() applies the selection before the next line; the built Storybook a
    // moment later, as a person sees it.
    await waitFor(() => expect(profiling).toHaveAttribute('aria-selected', 'true'))
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('profiling')
    await expect(canvas.getByRole('tabpanel', { name: 'Profiling' })).toHaveTextContent(
      'Execute an endpoint',
    )
    // The disabled tab is skipped.
    await userEvent.keyboard('{ArrowRight}')
    await expect(logs).toHaveFocus()
  },
}

export const Pills: Story = {
  render: (args) => (
    <Tabs {...args} defaultSelectedKey="rules">
      <TabList aria-label="Notifications" variant="pills">
        <Tab id="history">History</Tab>
        <Tab id="rules">Rules</Tab>
      </TabList>
      <TabPanel id="history">History</TabPanel>
      <TabPanel id="rules">Rules</TabPanel>
    </Tabs>
  ),
}

export const NarrowScreen: Story = { globals: mobileViewport }
export const Dark: Story = { globals: { theme: 'dark' } }

export const Matrix: Story = {
  render: () => (
    <Stack>
      {tabListVariants.map((variant) => (
        <Tabs key={variant}>
          <TabList aria-label={variant} variant={variant}>
            <Tab id="a">Daily</Tab>
            <Tab id="b">Weekly</Tab>
            <Tab id="c">Monthly</Tab>
          </TabList>
          <TabPanel id="a">{variant}</TabPanel>
          <TabPanel id="b">{variant}</TabPanel>
          <TabPanel id="c">{variant}</TabPanel>
        </Tabs>
      ))}
    </Stack>
  ),
}

/** Many long tabs scroll sideways instead of wrapping. */
export const LongText: Story = {
  globals: mobileViewport,
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Device">
        {[
          'Overview',
          'Status history',
          'Consumption',
          'Manual log photos',
          'Settings and deletion',
        ].map((t) => (
          <Tab key={t} id={t}>
            {t}
          </Tab>
        ))}
      </TabList>
      {[
        'Overview',
        'Status history',
        'Consumption',
        'Manual log photos',
        'Settings and deletion',
      ].map((t) => (
        <TabPanel key={t} id={t}>
          {t}
        </TabPanel>
      ))}
    </Tabs>
  ),
}
