import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { toFormErrors } from './form-errors'

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
