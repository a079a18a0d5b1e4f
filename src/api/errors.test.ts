import { describe, expect, it } from 'vitest'
import { ApiError, formatDetail, isNotFound, normalizeError } from './errors'

describe('formatDetail', () => {
  it('uses a string detail as it is', () => {
    expect(formatDetail('Device not found')).toBe('Device not found')
  })
  it("joins a list with ', ' using each item's msg, or its JSON", () => {
    const detail = [
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'kwh'], type: 'number' },
    ]
    expect(formatDetail(detail)).toBe('Field required, {"loc":["body","kwh"],"type":"number"}')
  })
  it('writes an object detail as JSON text', () => {
    expect(formatDetail({ field: 'serial_number' })).toBe('{"field":"serial_number"}')
  })
  it('says nothing for an empty detail', () => {
    expect(formatDetail('')).toBeUndefined()
    expect(formatDetail(null)).toBeUndefined()
  })
})

describe('normalizeError', () => {
  it('reads detail, then message, error, errors', () => {
    expect(normalizeError(new ApiError(400, { message: 'm' })).message).toBe('m')
    expect(normalizeError(new ApiError(400, { error: 'e' })).message).toBe('e')
    expect(
      normalizeError(new ApiError(400, { errors: [{ msg: 'a' }, { msg: 'b' }] })).message,
    ).toBe('a, b')
    expect(normalizeError(new ApiError(400, { detail: 'd', message: 'm' })).message).toBe('d')
  })
  it('carries status, code and remediation', () => {
    const n = normalizeError(
      new ApiError(409, { detail: 'Serial taken', code: 'conflict', remediation: 'Pick another' }),
      'Failed to update device',
    )
    expect(n).toMatchObject({
      title: 'Failed to update device',
      message: 'Serial taken',
      status: 409,
      code: 'conflict',
      remediation: 'Pick another',
    })
  })
  it("defaults to 'Request failed' for an HTTP error with no message", () => {
    expect(normalizeError(new ApiError(500, {})).message).toBe('Request failed')
    expect(normalizeError({ status: 502 }).message).toBe('Request failed')
  })
  it("defaults to 'Unexpected error occurred' for anything else", () => {
    expect(normalizeError(undefined).message).toBe('Unexpected error occurred')
    expect(normalizeError(new Error('')).message).toBe('Unexpected error occurred')
    expect(normalizeError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch')
  })
})

describe('isNotFound', () => {
  it('reads a 404, and a 422 about the path alone, as not found', () => {
    expect(isNotFound(new ApiError(404, { detail: 'Device not found' }))).toBe(true)
    const badId = { detail: [{ loc: ['path', 'id'], msg: 'Input should be a valid UUID' }] }
    expect(isNotFound(new ApiError(422, badId))).toBe(true)
  })
  it('leaves other failures alone', () => {
    const badBody = { detail: [{ loc: ['body', 'name'], msg: 'Field required' }] }
    expect(isNotFound(new ApiError(422, badBody))).toBe(false)
    expect(isNotFound(new ApiError(500, {}))).toBe(false)
    expect(isNotFound(new Error('x'))).toBe(false)
  })
})
