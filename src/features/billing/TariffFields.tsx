import { Button, Icon, NumberField, Select, SelectItem, Stack } from '~/ui'
import { newWindow, type TariffDraft, type WindowDraft } from './energy-settings-rules'
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

/**
 * One tariff: from when, its standing charge, and either one price per kWh or time-of-use
 * windows on the group's local wall clock that price every half hour of the week exactly once.
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
    </FieldBlock>
  )
}
