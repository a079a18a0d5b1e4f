import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { EnergySettingsDialog } from '~/features/users/EnergySettingsDialog'
import { billingHandlers } from '~/mocks/billing'
import { baseHandlers, failing, pending } from '~/mocks/handlers'
import { groups, users } from '~/mocks/fixtures'
import { signedInAs } from '~/mocks/users-groups'
import { mobileViewport } from '../../ui/helpers'
import { withAppServices } from '../../support/with-app-services'
import { withToasts } from '../users/support'

const [northwind, harbor] = groups
const admin = users[2]!

const data = (billing = billingHandlers()) => ({
  msw: { handlers: { ...baseHandlers, auth: signedInAs(admin), billing } },
})

const meta = {
  title: 'Features/Groups/EnergySettingsDialog',
  component: EnergySettingsDialog,
  decorators: [withToasts, withAppServices],
  args: { group: northwind!, isOpen: true, onOpenChange: () => {} },
  parameters: data(),
} satisfies Meta<typeof EnergySettingsDialog>
export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)
const dialog = async (name = 'Energy & billing: Northwind Energy') => {
  const found = await body().findByRole('dialog', { name })
  // Looked at once it has faded in.
  await waitFor(() => expect(found).toBeVisible())
  return within(found)
}
const toast = async (title: string) => waitFor(() => expect(body().getByText(title)).toBeVisible())

/** Northwind: bills from the 8th in euros, a flat tariff then peak and off-peak windows. */
export const Default: Story = {
  play: async () => {
    const d = await dialog()
    await expect(
      await d.findByRole('textbox', { name: /Billing cycle starts on day/ }),
    ).toHaveValue('8')
    await expect(d.getByLabelText(/Currency/)).toHaveValue('EUR')
    await expect(d.getByRole('region', { name: 'Tariff 2' })).toBeVisible()
    const peak = within(d.getByRole('region', { name: 'Tariff 2' }))
    await expect(peak.getAllByRole('region')).toHaveLength(4)
    await expect(d.getByRole('region', { name: 'Emission factor 1' })).toBeVisible()
  },
}

/** A group that never saved its settings: the defaults, nothing priced. */
export const Empty: Story = {
  args: { group: harbor! },
  play: async () => {
    const d = await dialog('Energy & billing: Harbor Utilities')
    await expect(
      await d.findByRole('textbox', { name: /Billing cycle starts on day/ }),
    ).toHaveValue('1')
    await expect(d.queryByRole('region', { name: 'Tariff 1' })).toBeNull()
    await expect(d.getByRole('button', { name: 'Add tariff' })).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: data([pending('/api/v1/groups/:id/energy-settings')]),
  play: async () => {
    const d = await dialog()
    await expect(d.getByText('Loading energy settings')).toBeInTheDocument()
  },
}

export const LoadError: Story = {
  parameters: data([failing('/api/v1/groups/:id/energy-settings')]),
  play: async () => {
    const d = await dialog()
    await expect(await d.findByText('The energy settings could not be loaded.')).toBeVisible()
  },
}

/** Harbor gets a flat tariff in pounds: the save closes the dialog with its toast. */
export const AddFlatTariff: Story = {
  args: { group: harbor! },
  play: async ({ step }) => {
    const d = await dialog('Energy & billing: Harbor Utilities')
    await userEvent.type(await d.findByLabelText(/Currency/), 'gbp')
    await userEvent.click(d.getByRole('button', { name: 'Add tariff' }))
    const tariff = within(d.getByRole('region', { name: 'Tariff 1' }))
    // A date of its own, not today's: the picture must not change with the clock.
    await userEvent.click(
      within(tariff.getByRole('group', { name: 'Effective from' })).getAllByRole('spinbutton')[0]!,
    )
    await userEvent.keyboard('01012027')
    await expect(tariff.getByRole('group', { name: 'Effective from' })).toHaveTextContent(
      '1/1/2027',
    )
    await userEvent.type(tariff.getByRole('textbox', { name: 'Price per kWh' }), '0.28')
    await step('a save without a price is refused first', async () => {
      await userEvent.clear(tariff.getByRole('textbox', { name: 'Price per kWh' }))
      await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
      await expect(await tariff.findByText('Enter a price per kWh.')).toBeVisible()
    })
    await userEvent.type(tariff.getByRole('textbox', { name: 'Price per kWh' }), '0.28')
    await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
    await toast('Energy settings saved')
  },
}

/** Saturday added to the weekday peak window: it overlaps the weekend window, said in words. */
export const OverlappingWindows: Story = {
  play: async () => {
    const d = await dialog()
    const tariff = within(await d.findByRole('region', { name: 'Tariff 2' }))
    const peak = within(tariff.getByRole('region', { name: 'Window 1 of tariff 2' }))
    await userEvent.click(peak.getByRole('checkbox', { name: 'Saturday' }))
    await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
    const message = await tariff.findByText(
      'Windows 1 (Mon-Sat 07:00-22:00) and 4 (Sat, Sun 00:00-24:00) overlap on Saturday from 07:00 to 22:00',
    )
    await expect(message).toBeVisible()
    await expect(message).toHaveFocus()
  },
}

/** The server refuses what the browser passed: its message sits on the field its loc names. */
export const ServerRefuses: Story = {
  parameters: data(
    billingHandlers(undefined, {
      refuse: { loc: ['currency'], msg: 'Unknown ISO 4217 currency: EUR' },
    }),
  ),
  play: async () => {
    const d = await dialog()
    await userEvent.click(await d.findByRole('button', { name: 'Save energy settings' }))
    await toast('Failed to save energy settings')
    await expect(await d.findByText('Unknown ISO 4217 currency: EUR')).toBeVisible()
  },
}

export const NarrowScreen: Story = {
  globals: mobileViewport,
  play: async () => {
    const d = await dialog()
    await expect(await d.findByRole('region', { name: 'Tariff 1' })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    const d = await dialog()
    await expect(await d.findByRole('region', { name: 'Tariff 1' })).toBeVisible()
  },
}
