import { describe, expect, it } from 'vitest'
import { loginHref, redirectTarget } from './redirect'

describe('login redirect (spec §2)', () => {
  it('keeps the original location, search included', () => {
    expect(loginHref('/devices/42/consumption?view=weekly')).toBe(
      '/login?redirect=%2Fdevices%2F42%2Fconsumption%3Fview%3Dweekly',
    )
  })
  it('leaves the parameter out for the root and the login page', () => {
    expect(loginHref('/')).toBe('/login')
    // The default landing page, where `/` goes: nothing to return to.
    expect(loginHref('/dashboard')).toBe('/login')
    expect(loginHref('/dashboard?x=1')).toBe('/login?redirect=%2Fdashboard%3Fx%3D1')
    expect(loginHref('/login?redirect=%2Fdevices')).toBe('/login')
    expect(loginHref(undefined)).toBe('/login')
  })
  it('refuses targets on another origin', () => {
    expect(redirectTarget('https://evil.example/')).toBeUndefined()
    expect(redirectTarget('//evil.example/x')).toBeUndefined()
    expect(redirectTarget('/devices')).toBe('/devices')
  })
})
