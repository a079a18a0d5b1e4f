import { NumberField } from '~/ui'
import type { FactorDraft } from './energy-settings-rules'
import { FieldBlock, type FieldMessages } from './EnergyFieldParts'

export interface EmissionFactorFieldsProps {
  factor: FactorDraft
  index: number
  /** Messages by the API's field names ('emission_factors.0.g_co2e_per_kwh'). */
  errors: FieldMessages
  onChange: (factor: FactorDraft) => void
  onRemove: () => void
}

/** One emission factor: grams of CO2e per kWh from local midnight of its date. */
export function EmissionFactorFields({
  factor,
  index,
  errors,
  onChange,
  onRemove,
}: EmissionFactorFieldsProps) {
  const name = `emission_factors.${index}`
  const label = `Emission factor ${index + 1}`
  const message = (field: string) => errors[`${name}.${field}`]
  return (
    <FieldBlock
      label={label}
      onRemove={onRemove}
      effectiveDate={{
        value: factor.effectiveFrom,
        onChange: (effectiveFrom) => onChange({ ...factor, effectiveFrom }),
        errorMessage: message('effective_from'),
      }}
      fields={
        <NumberField
          label="g CO₂e per kWh"
          minValue={0}
          maxValue={100_000}
          value={factor.grams}
          onChange={(grams) => onChange({ ...factor, grams })}
          isInvalid={Boolean(message('g_co2e_per_kwh'))}
          errorMessage={message('g_co2e_per_kwh')}
        />
      }
      problem={errors[name]}
    />
  )
}
