import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { browserTimeZone } from '../settings/timezones'
import { loadDashboard } from './dashboard-queries'

interface Call {
  key: unknown
  settle: (outcome: 'resolve' | 'reject') => void
}

/** A query client whose ensureQueryData answers only when the test says so. */
function controlledClient(preferences: object | Error) {
  const calls: Call[] = []
  const client = {
    ensureQueryData: ({ queryKey }: { queryKey: readonly unknown[] }) => {
      const id = (queryKey[0] as { _id?: string })._id
      if (id === 'getPreferences')
        return preferences instanceof Error
          ? Promise.reject(preferences)
          : Promise.resolve(preferences)
      return new Promise((resolve, reject) =>
        calls.push({
          key: queryKey[0],
          settle: (outcome) => (outcome === 'resolve' ? resolve({}) : reject(new Error('500'))),
        }),
      )
    },
  }
  return { client: client as unknown as QueryClient, calls }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const reportTimezones = (calls: Call[]) =>
  calls.map((c) => (c.key as { query?: { timezone?: string } }).query?.timezone).filter(Boolean)

const berlin = { timezone: 'Europe/Berlin', week_start: 'monday' }

describe('loadDashboard', () => {
  it('waits for every widget query before the route renders', async () => {
    const { client, calls } = controlledClient(berlin)
    let done = false
    const loading = loadDashboard(client).then(() => (done = true))
    await flush()
    // Fleet, today, this month, 30 days and the notification feed.
    expect(calls).toHaveLength(5)
    for (const call of calls.slice(0, 4)) call.settle('resolve')
    await flush()
    expect(done).toBe(false)
    calls[4]!.settle('resolve')
    await loading
    expect(done).toBe(true)
  })

  it('settles when widgets fail, leaving their errors to the widgets', async () => {
    const { client, calls } = controlledClient(berlin)
    const loading = loadDashboard(client)
    await flush()
    for (const call of calls) call.settle('reject')
    await expect(loading).resolves.toBeUndefined()
  })

  it("asks for reports in the user's timezone, and in the browser's when preferences fail", async () => {
    const inBerlin = controlledClient(berlin)
    void loadDashboard(inBerlin.client)
    await flush()
    expect(reportTimezones(inBerlin.calls)).toEqual([
      'Europe/Berlin',
      'Europe/Berlin',
      'Europe/Berlin',
    ])

    const failed = controlledClient(new Error('500'))
    void loadDashboard(failed.client)
    await flush()
    const browser = browserTimeZone()
    expect(reportTimezones(failed.calls)).toEqual([browser, browser, browser])
  })
})
