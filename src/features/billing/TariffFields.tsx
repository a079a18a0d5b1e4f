import { Button, Icon, NumberField, Select, SelectItem, Stack, Switch, Text, Tiles } from '~/ui'
import {
  feedInOf,
  newWindow,
  type DemandDraft,
  type FeedInKind,
  type TariffDraft,
  type WindowDraft,
} from './energy-settings-rules'
import { BlockProblem, FieldBlock, moneyFormat, type FieldMessages } from './EnergyFieldParts'
import { WindowFields } from './WindowFields'

export interface TariffFieldsProps {
  tariff: TariffDraft
  index: number
  currency: string
  errors: FieldMessages
  onChange: (tariff: TariffDraft) => void
  onRemove: () => void
}

const pricings = [
  { id: 'flat', name: 'Flat price' },
  { id: 'timeOfUse', name: 'Time of use' },
] as const

// Short: the select sits in a tile as narrow as the price fields, under "Exported energy".
const feedInKinds: ReadonlyArray<{ id: FeedInKind; name: string }> = [
  { id: 'none', name: 'Not paid' },
  { id: 'flat', name: 'One price' },
  { id: 'perWindow', name: 'Per window' },
]

const bases: ReadonlyArray<{ id: DemandDraft['basis']; name: string }> = [
  { id: 'bill_peak', name: 'This bill’s peak' },
  { id: 'rolling_mean_12', name: 'Mean of the last 12 bills’ peaks' },
]

/** kW to the watt (Intl has no kilowatt unit: the label names it). */
const kwFormat: Intl.NumberFormatOptions = { maximumFractionDigits: 3 }

/**
 * One tariff: from when, its standing charge, either one price per kWh or time-of-use windows on
 * the group's local wall clock that price every half hour of the week exactly once, what exported
 * energy is paid (nothing, one price, or per window), and its demand charge.
 */
export function TariffFields({
  tariff,
  index,
  currency,
  errors,
  onChange,
  onRemove,
}: TariffFieldsProps) {
  const name = `tariffs.${index}`
  const label = `Tariff ${index + 1}`
  const message = (field: string) => errors[`${name}.${field}`]
  const setWindow = (i: number) => (w: WindowDraft) =>
    onChange({ ...tariff, windows: tariff.windows.map((old, j) => (j === i ? w : old)) })
  const setDemand = (change: Partial<DemandDraft>) =>
    onChange({ ...tariff, demand: { ...tariff.demand, ...change } })
  const feedIn = feedInOf(tariff)
  // A flat tariff has no windows to pay export by.
  const feedInItems = tariff.kind === 'flat' ? feedInKinds.slice(0, 2) : feedInKinds
  return (
    <FieldBlock
      label={label}
      onRemove={onRemove}
      effectiveDate={{
        value: tariff.effectiveFrom,
        onChange: (effectiveFrom) => onChange({ ...tariff, effectiveFrom }),
        errorMessage: message('effective_from'),
      }}
      fields={
        <>
          <NumberField
            label="Standing charge per day"
            minValue={0}
            formatOptions={moneyFormat(currency)}
            value={tariff.standingCharge}
            onChange={(standingCharge) => onChange({ ...tariff, standingCharge })}
            isInvalid={Boolean(message('standing_charge_per_day'))}
            errorMessage={message('standing_charge_per_day')}
          />
          <Select
            label="Pricing"
            items={pricings}
            selectedKey={tariff.kind}
            onSelectionChange={(key) => onChange({ ...tariff, kind: key as TariffDraft['kind'] })}
          >
            {(p) => <SelectItem id={p.id}>{p.name}</SelectItem>}
          </Select>
          {tariff.kind === 'flat' && (
            <NumberField
              label="Price per kWh"
              minValue={0}
              formatOptions={moneyFormat(currency)}
              value={tariff.price}
              onChange={(price) => onChange({ ...tariff, price })}
              isInvalid={Boolean(message('price_per_kwh'))}
              errorMessage={message('price_per_kwh')}
            />
          )}
          <Select
            label="Exported energy"
            items={feedInItems}
            selectedKey={feedIn}
            onSelectionChange={(key) => onChange({ ...tariff, feedInKind: key as FeedInKind })}
          >
            {(k) => <SelectItem id={k.id}>{k.name}</SelectItem>}
          </Select>
          {feedIn === 'flat' && (
            <NumberField
              label="Feed-in price per kWh"
              minValue={0}
              formatOptions={moneyFormat(currency)}
              value={tariff.feedIn}
              onChange={(value) => onChange({ ...tariff, feedIn: value })}
              isInvalid={Boolean(message('feed_in_price_per_kwh'))}
              errorMessage={message('feed_in_price_per_kwh')}
            />
          )}
        </>
      }
      problem={errors[name]}
    >
      {tariff.kind === 'timeOfUse' && (
        <Stack space="sm">
          {tariff.windows.map((w, i) => (
            <WindowFields
              key={i}
              window={w}
              index={i}
              tariffNumber={index + 1}
              name={`${name}.windows.${i}`}
              currency={currency}
              feedIn={feedIn === 'perWindow'}
              errors={errors}
              onChange={setWindow(i)}
              onRemove={
                tariff.windows.length > 1
                  ? () => onChange({ ...tariff, windows: tariff.windows.filter((_, j) => j !== i) })
                  : undefined
              }
            />
          ))}
          <BlockProblem message={message('windows')} />
          <div>
            <Button
              intent="formSecondary"
              onPress={() => onChange({ ...tariff, windows: [...tariff.windows, newWindow()] })}
            >
              <Icon name="plus" size="sm" /> Add window
            </Button>
          </div>
        </Stack>
      )}
      <Stack space="sm">
        <Switch isSelected={tariff.demand.on} onChange={(on) => setDemand({ on })}>
          Demand charge
        </Switch>
        <Text as="p" size="sm" tone="muted">
          Per meter and bill, on its peak demand: each meter is a connection.
        </Text>
        {tariff.demand.on && (
          // Wider tiles than the prices': "Mean of the last 12 bills' peaks" is read whole.
          <Tiles space="md" minItemWidth="15rem" alignY="top">
            <NumberField
              label="Price per kW"
              description="Per bill."
              minValue={0}
              formatOptions={moneyFormat(currency)}
              value={tariff.demand.price}
              onChange={(price) => setDemand({ price })}
              isInvalid={Boolean(message('demand_charge.price_per_kw'))}
              errorMessage={message('demand_charge.price_per_kw')}
            />
            <Select
              label="Billed on"
              items={bases}
              selectedKey={tariff.demand.basis}
              onSelectionChange={(key) => setDemand({ basis: key as DemandDraft['basis'] })}
              isInvalid={Boolean(message('demand_charge.basis'))}
              errorMessage={message('demand_charge.basis')}
            >
              {(b) => <SelectItem id={b.id}>{b.name}</SelectItem>}
            </Select>
            <NumberField
              label="Floor (kW)"
              description="The least billed; empty for none."
              minValue={0}
              formatOptions={kwFormat}
              value={tariff.demand.floor}
              onChange={(floor) => setDemand({ floor })}
              isInvalid={Boolean(message('demand_charge.floor_kw'))}
              errorMessage={message('demand_charge.floor_kw')}
            />
          </Tiles>
        )}
        <BlockProblem message={message('demand_charge')} />
      </Stack>
    </FieldBlock>
  )
}
