import { describe, expect, it } from 'vitest'
import { ApiError } from '~/api/errors'
import { loginErrorMessage } from './login-error'

describe('login error message (spec §5)', () => {
  it('uses a string detail as it is', () => {
    expect(loginErrorMessage(new ApiError(401, { detail: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    )
  })
  it("joins a list with ', ', each item's message or 'Validation error'", () => {
    const body = { detail: [{ msg: 'Field required' }, { message: 'Too long' }, { loc: ['x'] }] }
    expect(loginErrorMessage(new ApiError(422, body))).toBe(
      'Field required, Too long, Validation error',
    )
  })
  it("says 'Login failed' when the server gave no usable detail", () => {
    expect(loginErrorMessage(new ApiError(500, {}))).toBe('Login failed')
    expect(loginErrorMessage(new ApiError(400, { detail: [] }))).toBe('Login failed')
  })
  it("says 'Network error during login' when no answer came", () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Network error during login')
  })
})
