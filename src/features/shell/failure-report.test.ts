import { describe, expect, it } from 'vitest'
import { buildFailureReport } from './failure-report'

describe('failure report (spec §8)', () => {
  it('keeps id, name, message, the first 5 stack lines, URL and user agent', () => {
    const stack = ['at A', 'at B', '', 'at C', 'at D', 'at E', 'at F'].join('\n')
    const report = buildFailureReport(new TypeError('x is undefined'), stack, {
      url: 'http://console/devices',
      userAgent: 'UA',
      newId: () => 'id-1',
    })
    expect(report).toEqual({
      id: 'id-1',
      name: 'TypeError',
      message: 'x is undefined',
      componentStack: 'at A\nat B\nat C\nat D\nat E',
      url: 'http://console/devices',
      userAgent: 'UA',
    })
  })
  it('turns a thrown non-error into one', () => {
    expect(buildFailureReport('boom', undefined, { url: '', userAgent: '' })).toMatchObject({
      name: 'Error',
      message: 'boom',
      componentStack: '',
    })
  })
})
