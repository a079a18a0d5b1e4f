import { describe, expect, it } from 'vitest'
import { emptyDeviceFields, toDeviceBody, validateDeviceFields } from './device-fields'

const valid = { ...emptyDeviceFields, name: 'Main meter', serial_number: 'EM-2024-00017' }

describe('validateDeviceFields', () => {
  it('accepts a name and a serial number alone', () => {
    expect(validateDeviceFields(valid)).toEqual({})
  })
  it('requires name and serial number', () => {
    expect(validateDeviceFields(emptyDeviceFields)).toEqual({
      name: 'Enter a name.',
      serial_number: 'Enter the serial number.',
    })
  })
  it('checks the serial number pattern and every length limit', () => {
    expect(validateDeviceFields({ ...valid, serial_number: 'EM 17' }).serial_number).toMatch(
      /letters, digits/,
    )
    expect(validateDeviceFields({ ...valid, name: 'x'.repeat(101) }).name).toBe(
      'Use at most 100 characters.',
    )
    expect(validateDeviceFields({ ...valid, serial_number: 'x'.repeat(65) }).serial_number).toBe(
      'Use at most 64 characters.',
    )
    expect(validateDeviceFields({ ...valid, location: 'x'.repeat(201) }).location).toBe(
      'Use at most 200 characters.',
    )
    expect(validateDeviceFields({ ...valid, description: 'x'.repeat(1001) }).description).toBe(
      'Use at most 1000 characters.',
    )
  })
})

describe('toDeviceBody', () => {
  it('trims and sends empty optional fields as null', () => {
    expect(toDeviceBody({ ...valid, name: ' Main meter ', location: '  ' })).toEqual({
      name: 'Main meter',
      serial_number: 'EM-2024-00017',
      location: null,
      description: null,
      device_model_id: null,
      handler: null,
    })
  })
})

describe('serverFieldErrors', () => {
  it('reads a 409 as a taken serial number and 422 issues by field', async () => {
    const { serverFieldErrors } = await import('./device-fields')
    expect(serverFieldErrors(409, { detail: 'Serial number already registered' })).toEqual({
      serial_number: 'Another device already uses this serial number.',
    })
    expect(
      serverFieldErrors(422, {
        detail: [{ loc: ['body', 'handler'], msg: 'Not a handler of this model', type: 'value' }],
      }),
    ).toEqual({ handler: 'Not a handler of this model' })
    expect(serverFieldErrors(500, { detail: 'boom' })).toEqual({})
  })
})
