import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { EnergySettingsDialog } from '~/features/billing/EnergySettingsDialog'
import { twoWayEnergy } from '~/fixtures/energy'
import { billingHandlers, RUNNING_BILL_START, twoWayRePricedBills } from '~/mocks/billing'
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
  title: 'Features/Billing/EnergySettingsDialog',
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

/** Tariff 2's peak price raised to €0.42, and saved with the keyboard: the bills are checked first. */
async function raisePeakAndSave() {
  const d = await dialog()
  const tariff = within(await d.findByRole('region', { name: 'Tariff 2' }))
  const price = within(tariff.getByRole('region', { name: 'Window 1 of tariff 2' })).getByRole(
    'textbox',
    {
      name: 'Price per kWh',
    },
  )
  await userEvent.clear(price)
  await userEvent.type(price, '0.42')
  d.getByRole('button', { name: 'Save energy settings' }).focus()
  await userEvent.keyboard('{Enter}')
  return d
}

const bills = async (title = 'Re-price 2 closed bills?') => {
  const found = await body().findByRole('alertdialog', { name: title })
  await waitFor(() => expect(found).toBeVisible())
  return within(found)
}

/** Issue 32: a dearer peak re-prices two closed bills; the dialog lists them before anything is saved. */
export const ClosedBillsListed: Story = {
  play: async () => {
    await raisePeakAndSave()
    const b = await bills()
    const table = within(b.getByRole('grid', { name: 'Closed bills this change re-prices' }))
    const rows = table.getAllByRole('row').slice(1)
    await expect(rows).toHaveLength(2)
    await expect(rows[0]).toHaveTextContent('8 Sep – 7 Oct 2026')
    await expect(rows[0]).toHaveTextContent('€2,096.82')
    await expect(rows[0]).toHaveTextContent('€2,298.60')
    await expect(rows[1]).toHaveTextContent('8 Oct – 7 Nov 2026')
    await expect(rows[1]).toHaveTextContent('€2,372.65')
    await expect(b.getByRole('group', { name: 'New prices from' })).toHaveTextContent('11/8/2026')
    await expect(b.getByRole('button', { name: 'Start new prices on 8 Nov 2026' })).toBeVisible()
    await expect(b.getByRole('button', { name: 'Re-price and save' })).toBeVisible()
  },
}

const savedBodies = fn()
const sentTariffs = () =>
  (savedBodies.mock.calls[0] as [{ tariffs: Array<Record<string, unknown>> }])[0].tariffs

/** Confirmed: the settings are saved as they are, and the closed bills take the new prices. */
export const ClosedBillsRePriced: Story = {
  parameters: data(billingHandlers(undefined, { onSave: savedBodies })),
  play: async () => {
    savedBodies.mockClear()
    await raisePeakAndSave()
    const b = await bills()
    await userEvent.click(b.getByRole('button', { name: 'Re-price and save' }))
    await toast('Energy settings saved')
    await expect(body().getByText('Costs and CO₂ now follow the new settings.')).toBeVisible()
    // Saved as edited: tariff 2 itself has the new peak price.
    await expect(savedBodies).toHaveBeenCalledTimes(1)
    await expect(sentTariffs().map((t) => t.effective_from)).toEqual(['2026-01-01', '2026-07-01'])
    await expect(JSON.stringify(sentTariffs()[1])).toContain('0.42')
  },
}

/** Instead, the new prices start with the running bill: the closed bills keep theirs. */
export const NewPricesFromADate: Story = {
  parameters: data(billingHandlers(undefined, { onSave: savedBodies })),
  play: async () => {
    savedBodies.mockClear()
    await raisePeakAndSave()
    const b = await bills()
    await userEvent.click(b.getByRole('button', { name: 'Start new prices on 8 Nov 2026' }))
    await toast('Energy settings saved')
    await expect(
      body().getByText('The new prices start on 8 Nov 2026; closed bills keep theirs.'),
    ).toBeVisible()
    // Saved: both tariffs as they were, and a third from the running bill's start at €0.42.
    await expect(savedBodies).toHaveBeenCalledTimes(1)
    await expect(sentTariffs().map((t) => t.effective_from)).toEqual([
      '2026-01-01',
      '2026-07-01',
      RUNNING_BILL_START,
    ])
    await expect(JSON.stringify(sentTariffs()[1])).not.toContain('0.42')
    await expect(JSON.stringify(sentTariffs()[2])).toContain('0.42')
  },
}

/** A date on which the new tariffs set no price (the first one removed) is refused in words. */
export const NewPricesDateWithoutPrice: Story = {
  play: async () => {
    const d = await dialog()
    await userEvent.click(
      within(await d.findByRole('region', { name: 'Tariff 1' })).getByRole('button', {
        name: 'Remove tariff 1',
      }),
    )
    d.getByRole('button', { name: 'Save energy settings' }).focus()
    await userEvent.keyboard('{Enter}')
    const b = await bills()
    const date = b.getByRole('group', { name: 'New prices from' })
    await userEvent.click(within(date).getAllByRole('spinbutton')[0]!)
    await userEvent.keyboard('03012026')
    await userEvent.click(b.getByRole('button', { name: 'Start new prices on 1 Mar 2026' }))
    await expect(
      await b.findByText('The new tariffs set no price on 1 Mar 2026: choose a later date.'),
    ).toBeVisible()
  },
}

/** A new start day cuts every closed bill anew: said, and only saving as it is or going back. */
export const ClosedBillsCutAnew: Story = {
  play: async () => {
    const d = await dialog()
    const day = await d.findByRole('textbox', { name: /Billing cycle starts on day/ })
    await userEvent.clear(day)
    await userEvent.type(day, '1')
    d.getByRole('button', { name: 'Save energy settings' }).focus()
    await userEvent.keyboard('{Enter}')
    const b = await bills('A new start day cuts 2 closed bills anew')
    await expect(
      b.getByText(/moving it from the 8th to the 1st cuts every closed bill/),
    ).toBeVisible()
    await expect(b.getAllByText('Cut anew')).toHaveLength(2)
    await expect(b.queryByRole('group', { name: 'New prices from' })).toBeNull()
    await expect(b.getByRole('button', { name: 'Cut them anew and save' })).toBeVisible()
  },
}

/** Back to the settings: nothing saved, the edit still there to change. */
export const ClosedBillsBackToTheSettings: Story = {
  parameters: data(billingHandlers(undefined, { onSave: savedBodies })),
  play: async () => {
    savedBodies.mockClear()
    const d = await raisePeakAndSave()
    await bills()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull())
    const tariff = within(d.getByRole('region', { name: 'Tariff 2' }))
    await expect(
      within(tariff.getByRole('region', { name: 'Window 1 of tariff 2' })).getByRole('textbox', {
        name: 'Price per kWh',
      }),
    ).toHaveValue('€0.42')
    await expect(savedBodies).not.toHaveBeenCalled()
  },
}

/** While the bills are checked, the save waits and says so. */
export const CheckingClosedBills: Story = {
  parameters: data([pending('/api/v1/groups/:id/energy-settings/preview'), ...billingHandlers()]),
  play: async () => {
    const d = await raisePeakAndSave()
    await expect(await d.findByText('Checking which closed bills change…')).toBeVisible()
    await expect(d.getByRole('button', { name: 'Save energy settings' })).toBeDisabled()
  },
}

/** The check fails: nothing is saved, and the form says so above its fields. */
export const CheckingClosedBillsFails: Story = {
  parameters: data([failing('/api/v1/groups/:id/energy-settings/preview'), ...billingHandlers()]),
  play: async () => {
    const d = await raisePeakAndSave()
    await expect(
      await d.findByText(
        'Nothing was saved: we could not check which closed bills this change would re-price. Try again.',
      ),
    ).toBeVisible()
    await expect(body().queryByRole('alertdialog')).toBeNull()
  },
}

export const ClosedBillsNarrowScreen: Story = {
  globals: mobileViewport,
  play: async () => {
    await raisePeakAndSave()
    await bills()
  },
}

export const ClosedBillsDark: Story = {
  globals: { theme: 'dark' },
  play: async () => {
    await raisePeakAndSave()
    await bills()
  },
}

/**
 * Issue 35: bills of a two-way meter under a demand tariff: each total says the feed-in credit
 * it takes off and the demand charge it adds, before and after saving.
 */
export const ClosedBillsWithFeedInAndDemand: Story = {
  parameters: data(billingHandlers(undefined, { bills: twoWayRePricedBills })),
  play: async () => {
    await raisePeakAndSave()
    const b = await bills()
    const table = within(b.getByRole('grid', { name: 'Closed bills this change re-prices' }))
    const [first] = table.getAllByRole('row').slice(1)
    const now = within(first!).getAllByRole('gridcell').at(-2)!
    const after = within(first!).getAllByRole('gridcell').at(-1)!
    await expect(now).toHaveTextContent('€2,090.58− €32.84 feed-in credit€26.60 demand charge')
    await expect(after).toHaveTextContent('€2,288.25− €36.95 feed-in credit€26.60 demand charge')
  },
}

export const ClosedBillsWithFeedInAndDemandNarrow: Story = {
  ...ClosedBillsWithFeedInAndDemand,
  globals: mobileViewport,
  play: async () => {
    await raisePeakAndSave()
    const b = await bills()
    // The total now is said under the bill's period; the total after keeps its parts, in view.
    await expect(b.getByText('Now €2,090.58')).toBeVisible()
    await expect(b.getByText('− €36.95 feed-in credit')).toBeVisible()
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

export const ClosedBillsWithFeedInAndDemandDark: Story = {
  ...ClosedBillsWithFeedInAndDemand,
  globals: { theme: 'dark' },
}

/** Picks an option of a labelled select in `within`, opened with the keyboard. */
async function choose(scope: ReturnType<typeof within>, label: RegExp, option: string) {
  scope.getByRole('button', { name: label }).focus()
  await userEvent.keyboard('{Enter}')
  await userEvent.click(await body().findByRole('option', { name: option }))
}

const twoWay = () => data(billingHandlers(twoWayEnergy))

/**
 * Issue 35, Northwind with solar panels: export paid at €0.04 and then per window, a capacity
 * charge on the mean of the last 12 bills' peaks (2.5 kW at least) and then on each bill's peak,
 * and exported CO2 credited.
 */
export const FeedInAndDemandCharge: Story = {
  parameters: twoWay(),
  play: async () => {
    const d = await dialog()
    const flat = within(await d.findByRole('region', { name: 'Tariff 1' }))
    await expect(flat.getByRole('button', { name: /Exported energy/ })).toHaveTextContent(
      'One price',
    )
    await expect(flat.getByRole('textbox', { name: 'Feed-in price per kWh' })).toHaveValue('€0.04')
    await expect(flat.getByRole('switch', { name: 'Demand charge' })).toBeChecked()
    await expect(flat.getByRole('textbox', { name: 'Price per kW' })).toHaveValue('€4.36')
    await expect(flat.getByRole('button', { name: /Billed on/ })).toHaveTextContent(
      'Mean of the last 12 bills’ peaks',
    )
    await expect(flat.getByRole('textbox', { name: 'Floor (kW)' })).toHaveValue('2.5')
    const tou = within(d.getByRole('region', { name: 'Tariff 2' }))
    await expect(tou.getByRole('button', { name: /Exported energy/ })).toHaveTextContent(
      'Per window',
    )
    await expect(tou.getAllByRole('textbox', { name: 'Feed-in price per kWh' })).toHaveLength(4)
    await expect(tou.getByRole('button', { name: /Billed on/ })).toHaveTextContent(
      'This bill’s peak',
    )
    await expect(d.getByRole('switch', { name: 'Credit exported energy’s CO₂' })).toBeChecked()
  },
}

/** Harbor's new tariff pays export and charges for peak demand; a missing price per kW is said. */
export const AddFeedInAndDemandCharge: Story = {
  args: { group: harbor! },
  parameters: data(billingHandlers(undefined, { onSave: savedBodies })),
  play: async ({ step }) => {
    savedBodies.mockClear()
    const d = await dialog('Energy & billing: Harbor Utilities')
    await userEvent.type(await d.findByLabelText(/Currency/), 'eur')
    await userEvent.click(d.getByRole('button', { name: 'Add tariff' }))
    const tariff = within(d.getByRole('region', { name: 'Tariff 1' }))
    await userEvent.click(
      within(tariff.getByRole('group', { name: 'Effective from' })).getAllByRole('spinbutton')[0]!,
    )
    await userEvent.keyboard('01012027')
    await userEvent.type(tariff.getByRole('textbox', { name: 'Price per kWh' }), '0.28')
    await choose(tariff, /Exported energy/, 'One price')
    await userEvent.type(tariff.getByRole('textbox', { name: 'Feed-in price per kWh' }), '0.05')
    await userEvent.click(tariff.getByRole('switch', { name: 'Demand charge' }))
    await step('a demand charge without a price per kW is refused first', async () => {
      await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
      await expect(await tariff.findByText('Enter a price per kW.')).toBeVisible()
    })
    await userEvent.type(tariff.getByRole('textbox', { name: 'Price per kW' }), '4.36')
    await choose(tariff, /Billed on/, 'Mean of the last 12 bills’ peaks')
    await userEvent.type(tariff.getByRole('textbox', { name: 'Floor (kW)' }), '2.5')
    await userEvent.click(d.getByRole('switch', { name: 'Credit exported energy’s CO₂' }))
    await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
    await toast('Energy settings saved')
    await expect(savedBodies).toHaveBeenCalledTimes(1)
    await expect(savedBodies.mock.calls[0]![0]).toMatchObject({
      credit_export_co2: true,
      tariffs: [
        {
          price_per_kwh: 0.28,
          feed_in_price_per_kwh: 0.05,
          demand_charge: { price_per_kw: 4.36, basis: 'rolling_mean_12', floor_kw: 2.5 },
        },
      ],
    })
  },
}

/** Export paid per window: each window asks for its feed-in price. */
export const FeedInPerWindow: Story = {
  play: async () => {
    const d = await dialog()
    const tariff = within(await d.findByRole('region', { name: 'Tariff 2' }))
    await choose(tariff, /Exported energy/, 'Per window')
    await expect(tariff.getAllByRole('textbox', { name: 'Feed-in price per kWh' })).toHaveLength(4)
    await userEvent.click(d.getByRole('button', { name: 'Save energy settings' }))
    const peak = within(tariff.getByRole('region', { name: 'Window 1 of tariff 2' }))
    await expect(await peak.findByText('Enter a feed-in price per kWh.')).toBeVisible()
  },
}

/** The server's word on a window's feed-in price lands on that window's field. */
export const FeedInServerRefuses: Story = {
  parameters: data(
    billingHandlers(twoWayEnergy, {
      refuse: {
        loc: ['tariffs', 1, 'windows', 2, 'feed_in_price_per_kwh'],
        msg: 'Window 3 (Mon-Fri 22:00-24:00) has no feed_in_price_per_kwh: when one window has a feed-in price, every window needs one',
      },
    }),
  ),
  play: async () => {
    const d = await dialog()
    await userEvent.click(await d.findByRole('button', { name: 'Save energy settings' }))
    await toast('Failed to save energy settings')
    const late = within(d.getByRole('region', { name: 'Window 3 of tariff 2' }))
    await expect(await late.findByText(/Window 3 \(Mon-Fri 22:00-24:00\) has no/)).toBeVisible()
  },
}

/** Tariff 1's demand charge, reached with the keyboard (so the picture shows it). */
async function showDemandCharge() {
  const d = await dialog()
  const flat = within(await d.findByRole('region', { name: 'Tariff 1' }))
  const price = flat.getByRole('textbox', { name: 'Price per kW' })
  price.focus()
  await expect(price).toHaveFocus()
}

export const FeedInAndDemandChargeNarrowScreen: Story = {
  parameters: twoWay(),
  globals: mobileViewport,
  play: showDemandCharge,
}

export const FeedInAndDemandChargeDark: Story = {
  parameters: twoWay(),
  globals: { theme: 'dark' },
  play: showDemandCharge,
}
