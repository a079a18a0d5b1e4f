import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, client } from '~/api'
import {
  GENERIC_PROFILING_ERROR,
  NO_PROFILE_MESSAGE,
  deviceOptionLabel,
  profilingEndpoints,
  profilingErrorMessage,
  toProfiledResult,
} from './profiling-endpoints'

const profile = { total_duration_ms: 12.5, total_db_queries: 2, memory_delta_mb: 0.4, steps: [] }
const DEVICE = '9e0a7b1c-0000-4000-8000-000000000017'

describe('profiled responses (spec §3, §8)', () => {
  it('accepts a body with data and profile', () => {
    expect(toProfiledResult({ data: { total_kwh: 3 }, profile })).toEqual({
      data: { total_kwh: 3 },
      profile,
    })
    expect(toProfiledResult({ data: null, profile }).data).toBeNull()
  })
  it.each([[{ total_kwh: 3 }], [{ data: {} }], [{ profile }], [null], ['text']])(
    'refuses %j as unprofiled',
    (body) => {
      expect(() => toProfiledResult(body)).toThrow(NO_PROFILE_MESSAGE)
    },
  )
  it("shows an error's message, or 'An error occurred'", () => {
    expect(profilingErrorMessage(new Error(NO_PROFILE_MESSAGE))).toBe(NO_PROFILE_MESSAGE)
    expect(
      profilingErrorMessage(new ApiError(403, { detail: 'Only developers may profile' })),
    ).toBe('Only developers may profile')
    expect(profilingErrorMessage(undefined)).toBe(GENERIC_PROFILING_ERROR)
    expect(profilingErrorMessage(new Error(''))).toBe(GENERIC_PROFILING_ERROR)
  })
})

describe('device options', () => {
  it('shows the serial in brackets when present, and the location or No location', () => {
    expect(deviceOptionLabel({ name: 'Meter', serial_number: 'EM-1', location: 'Hall 3' })).toEqual(
      { label: 'Meter (EM-1)', description: 'Hall 3' },
    )
    expect(deviceOptionLabel({ name: 'Meter', serial_number: '', location: null })).toEqual({
      label: 'Meter',
      description: 'No location',
    })
  })
})

describe('endpoint presets', () => {
  const fetchMock = vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify({ data: {}, profile }), {
        headers: { 'Content-Type': 'application/vnd.console.profiled+json' },
      }),
  )
  afterEach(() => fetchMock.mockClear())

  it('include the two consumption presets, which need a device', () => {
    const names = profilingEndpoints.map((e) => e.name)
    expect(names).toContain('Device consumption — cumulative today')
    expect(names).toContain('Device consumption — intervals today')
    expect(
      profilingEndpoints
        .filter((e) => e.name.startsWith('Device consumption'))
        .every((e) => e.needsDevice),
    ).toBe(true)
  })

  it.each([
    ['consumption-cumulative-today', `/api/v1/devices/${DEVICE}/consumption/cumulative/today`],
    ['consumption-intervals-today', `/api/v1/devices/${DEVICE}/consumption/intervals/today`],
  ])(
    '%s calls %s with timezone UTC and profile=true, parsing the profiled JSON',
    async (id, path) => {
      client.setConfig({
        baseUrl: 'http://console.test',
        fetch: fetchMock as unknown as typeof fetch,
      })
      const endpoint = profilingEndpoints.find((e) => e.id === id)!
      const body = await endpoint.call({
        deviceId: DEVICE,
        groupId: null,
        now: new Date('2026-11-22T10:00:00Z'),
      })
      const url = new URL(fetchMock.mock.calls[0]![0].url)
      expect(url.pathname).toBe(path)
      expect(url.searchParams.get('timezone')).toBe('UTC')
      expect(url.searchParams.get('profile')).toBe('true')
      expect(toProfiledResult(body).profile).toEqual(profile)
    },
  )

  it('refuses to call a device endpoint without a device', async () => {
    await expect(profilingEndpoints[0]!.call({ groupId: null, now: new Date() })).rejects.toThrow(
      'Please select a device',
    )
  })
})
