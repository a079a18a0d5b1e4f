/**
 * The editable fields of a device and their rules (openapi DeviceCreate/DeviceUpdate), shared by the
 * settings form, the registration wizard and the batch CSV check, so all three say the same thing.
 */
import {
  ApiError,
  toFormErrors,
  type Device,
  type DeviceCreate,
  type FormErrorOptions,
} from '~/api'

export interface DeviceFields {
  name: string
  serial_number: string
  location: string
  description: string
  device_model_id: string
  handler: string
}

export type DeviceFieldErrors = Partial<Record<keyof DeviceFields, string>>

export const LIMITS = { name: 100, serial_number: 64, location: 200, description: 1000 } as const
const SERIAL_PATTERN = /^[A-Za-z0-9._-]+$/

export const emptyDeviceFields: DeviceFields = {
  name: '',
  serial_number: '',
  location: '',
  description: '',
  device_model_id: '',
  handler: '',
}

export function fieldsOf(device: Device): DeviceFields {
  return {
    name: device.name,
    serial_number: device.serial_number,
    location: device.location ?? '',
    description: device.description ?? '',
    device_model_id: device.device_model_id ?? '',
    handler: device.handler ?? '',
  }
}

/** Every rule the server checks that the browser can check first; empty when the fields are fine. */
export function validateDeviceFields(fields: DeviceFields): DeviceFieldErrors {
  const errors: DeviceFieldErrors = {}
  const name = fields.name.trim()
  const serial = fields.serial_number.trim()
  if (!name) errors.name = 'Enter a name.'
  else if (name.length > LIMITS.name) errors.name = `Use at most ${LIMITS.name} characters.`
  if (!serial) errors.serial_number = 'Enter the serial number.'
  else if (serial.length > LIMITS.serial_number)
    errors.serial_number = `Use at most ${LIMITS.serial_number} characters.`
  else if (!SERIAL_PATTERN.test(serial))
    errors.serial_number = 'Use only letters, digits, dots, dashes and underscores.'
  if (fields.location.trim().length > LIMITS.location)
    errors.location = `Use at most ${LIMITS.location} characters.`
  if (fields.description.trim().length > LIMITS.description)
    errors.description = `Use at most ${LIMITS.description} characters.`
  return errors
}

/** The request body: trimmed, empty optional fields as null (PUT replaces them). */
export function toDeviceBody(fields: DeviceFields): DeviceCreate {
  const optional = (value: string) => value.trim() || null
  return {
    name: fields.name.trim(),
    serial_number: fields.serial_number.trim(),
    location: optional(fields.location),
    description: optional(fields.description),
    device_model_id: optional(fields.device_model_id),
    handler: optional(fields.handler),
  }
}

/** A 409 on a device is its serial number taken (the only unique field). */
export const deviceStatusFields: FormErrorOptions['statusFields'] = {
  409: ['serial_number', 'Another device already uses this serial number.'],
}

/**
 * What the server said about particular fields, through the one mapper; the rest is not about a
 * field. Kept for the registration wizard until it holds its form with useForm.
 */
export function serverFieldErrors(status: number | undefined, body: unknown): DeviceFieldErrors {
  const fields = Object.keys(emptyDeviceFields)
  return toFormErrors(new ApiError(status ?? 0, body), { fields, statusFields: deviceStatusFields })
    .fields
}
