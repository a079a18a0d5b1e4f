import { describe, expect, it } from 'vitest'
import { ApiError, formatDetail, isNotFound, normalizeError, toFormErrors } from './errors'

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

describe('toFormErrors', () => {
  const fields = ['name', 'admin.email', 'device_ids', 'rules.0.unit']
  const issues = (...detail: unknown[]) => new ApiError(422, { detail })

  it('shows a string detail as the form error', () => {
    expect(
      toFormErrors(new ApiError(403, { detail: 'Insufficient permissions' }), { fields }),
    ).toEqual({ fields: {}, form: 'Insufficient permissions' })
  })

  it('puts each issue on the field its loc names, the first message per field', () => {
    const error = issues(
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'name'], msg: 'Too long', type: 'max_length' },
      { loc: ['body', 'admin', 'email'], msg: 'Invalid e-mail', type: 'format' },
    )
    expect(toFormErrors(error, { fields })).toEqual({
      fields: { name: 'Field required', 'admin.email': 'Invalid e-mail' },
    })
  })

  it('reads array indexes in a loc, and gives an item of a list field to the list', () => {
    const error = issues(
      { loc: ['body', 'rules', 0, 'unit'], msg: 'Too long', type: 'max_length' },
      { loc: ['body', 'device_ids', 2], msg: 'Not a uuid', type: 'format' },
    )
    expect(toFormErrors(error, { fields })).toEqual({
      fields: { 'rules.0.unit': 'Too long', device_ids: 'Not a uuid' },
    })
  })

  it('gives an issue no field names to the form, joined', () => {
    const error = issues(
      { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'colour'], msg: 'Unknown field', type: 'extra' },
      { loc: ['query', 'name'], msg: 'Bad query', type: 'x' },
      { loc: [], msg: 'Something else', type: 'x' },
    )
    expect(toFormErrors(error, { fields })).toEqual({
      fields: { name: 'Field required' },
      form: 'Unknown field, Bad query, Something else',
    })
  })

  it("puts a status the form ties to a field on it, in the server's words or ours", () => {
    const taken = new ApiError(409, { detail: 'A user with this e-mail already exists' })
    expect(toFormErrors(taken, { fields, statusFields: { 409: 'admin.email' } })).toEqual({
      fields: { 'admin.email': 'A user with this e-mail already exists' },
    })
    expect(
      toFormErrors(taken, { fields, statusFields: { 409: ['name', 'Already taken.'] } }),
    ).toEqual({ fields: { name: 'Already taken.' } })
    expect(toFormErrors(taken, { fields, statusFields: { 413: 'name' } })).toEqual({
      fields: {},
      form: 'A user with this e-mail already exists',
    })
  })

  it('keeps a failure without an answer for the form', () => {
    expect(toFormErrors(new TypeError('Failed to fetch'), { fields })).toEqual({
      fields: {},
      form: 'Failed to fetch',
    })
  })
})
