import { useQuery } from '@tanstack/react-query'
import { listDeviceModelsOptions, queryPolicy } from '~/api'
import { Select, SelectItem, TextField, Tiles } from '~/ui'
import { LIMITS, type DeviceFieldErrors, type DeviceFields } from './device-fields'

export interface FieldGroupProps {
  fields: DeviceFields
  errors: DeviceFieldErrors
  onChange: (change: Partial<DeviceFields>) => void
  isDisabled?: boolean
}

/** Name, serial number and description. */
export function IdentityFields({ fields, errors, onChange, isDisabled }: FieldGroupProps) {
  return (
    <>
      <Tiles space="lg" minItemWidth="14rem">
        <TextField
          label="Name"
          isRequired
          isDisabled={isDisabled}
          maxLength={LIMITS.name}
          value={fields.name}
          onChange={(name) => onChange({ name })}
          isInvalid={Boolean(errors.name)}
          errorMessage={errors.name}
        />
        <TextField
          label="Serial number"
          isRequired
          isDisabled={isDisabled}
          maxLength={LIMITS.serial_number}
          value={fields.serial_number}
          onChange={(serial_number) => onChange({ serial_number })}
          isInvalid={Boolean(errors.serial_number)}
          errorMessage={errors.serial_number}
          description="Letters, digits, dots, dashes and underscores; unique across devices."
        />
      </Tiles>
      <TextField
        label="Description"
        multiline
        rows={3}
        isDisabled={isDisabled}
        maxLength={LIMITS.description}
        value={fields.description}
        onChange={(description) => onChange({ description })}
        isInvalid={Boolean(errors.description)}
        errorMessage={errors.description}
      />
    </>
  )
}

/** Where the meter is. */
export function LocationFields({ fields, errors, onChange, isDisabled }: FieldGroupProps) {
  return (
    <TextField
      label="Location"
      isDisabled={isDisabled}
      maxLength={LIMITS.location}
      value={fields.location}
      onChange={(location) => onChange({ location })}
      isInvalid={Boolean(errors.location)}
      errorMessage={errors.location}
      placeholder="City, building, floor or room"
      description="Shown in lists and notifications. Optional."
    />
  )
}

const NONE = '__none__'

/** The device model and the handler (ingest adapter) of that model. */
export function ModelFields({ fields, errors, onChange, isDisabled }: FieldGroupProps) {
  const models = useQuery({ ...listDeviceModelsOptions(), ...queryPolicy('config') })
  const modelItems = [
    { id: NONE, name: 'No model' },
    ...(models.data?.items ?? []).map((m) => ({ id: m.id, name: `${m.manufacturer} ${m.name}` })),
  ]
  const model = models.data?.items.find((m) => m.id === fields.device_model_id)
  const handlerItems = [
    { id: NONE, name: 'No handler', description: '' },
    ...(model?.handlers ?? []).map((h) => ({
      id: h.name,
      name: h.name,
      description: `${h.description} Measures ${h.measurements.join(', ')}.`,
    })),
  ]
  // A handler set before models were catalogued stays visible even if the model does not list it.
  if (fields.handler && !handlerItems.some((h) => h.id === fields.handler)) {
    handlerItems.push({ id: fields.handler, name: fields.handler, description: '' })
  }
  const chosenHandler = handlerItems.find((h) => h.id === fields.handler)
  return (
    <Tiles space="lg" minItemWidth="14rem">
      <Select
        label="Device model"
        isDisabled={isDisabled || models.isPending}
        items={modelItems}
        selectedKey={fields.device_model_id || NONE}
        onSelectionChange={(key) =>
          onChange({ device_model_id: key === NONE ? '' : String(key), handler: '' })
        }
        description={models.isError ? 'The model catalogue could not be loaded.' : undefined}
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
      <Select
        label="Handler"
        isDisabled={isDisabled || handlerItems.length < 2}
        items={handlerItems}
        selectedKey={fields.handler || NONE}
        onSelectionChange={(key) => onChange({ handler: key === NONE ? '' : String(key) })}
        isInvalid={Boolean(errors.handler)}
        errorMessage={errors.handler}
        description={
          chosenHandler?.description ||
          (model ? 'How readings reach the console.' : 'Choose a model to see its handlers.')
        }
      >
        {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
      </Select>
    </Tiles>
  )
}
