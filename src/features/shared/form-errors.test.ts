import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api'
import { fieldErrors } from './form-errors'

describe('fieldErrors', () => {
  it('puts validation issues on the fields their loc names', () => {
    const error = new ApiError(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'Invalid e-mail', type: 'format' },
        { loc: ['body', 'admin', 'password'], msg: 'Too short', type: 'min_length' },
        { loc: [], msg: 'Something else', type: 'x' },
      ],
    })
    expect(fieldErrors(error)).toEqual({
      fields: { email: 'Invalid e-mail', 'admin.password': 'Too short' },
      form: 'Something else',
    })
  })

  it('puts a conflict on the field that must be unique', () => {
    const error = new ApiError(409, {
      detail: 'A user with this e-mail already exists',
      code: 'duplicate',
    })
    expect(fieldErrors(error, 'email')).toEqual({
      fields: { email: 'A user with this e-mail already exists' },
    })
  })

  it('keeps other failures for the form', () => {
    expect(
      fieldErrors(
        new ApiError(403, { detail: 'Insufficient permissions for this action' }),
        'email',
      ),
    ).toEqual({
      fields: {},
      form: 'Insufficient permissions for this action',
    })
    expect(fieldErrors(new TypeError('Failed to fetch')).form).toBe('Failed to fetch')
  })
})
