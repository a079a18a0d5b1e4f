import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  getCurrentUser,
  listDeviceReadings,
  listDevices,
  logout,
  updateDevice,
} from './__generated__/sdk.gen'
import { configureApiClient, GROUP_HEADER, REQUEST_ID_HEADER, skipAuthRedirect } from './client'
import { ApiError } from './errors'

const BASE = 'http://console.test'
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fake server: records every request and answers from `respond`. */
function fakeServer(respond: (request: Request, seen: Request[]) => Response | Promise<Response>) {
  const seen: Request[] = []
  const fetch = vi.fn(async (request: Request) => {
    seen.push(request.clone())
    return respond(request, seen)
  })
  return { fetch, seen, paths: () => seen.map((r) => new URL(r.url).pathname) }
}

let scope: string | null
let ids: number
const onSessionExpired = vi.fn()

function setup(respond: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(respond)
  configureApiClient({
    baseUrl: BASE,
    fetch: server.fetch as unknown as typeof fetch,
    getGroupScope: () => scope,
    onSessionExpired,
    newRequestId: () => `req-${++ids}`,
  })
  return server
}

const me = { id: 'u1', email: 'a@b.c', role: 'admin', group_id: 'g1', full_name: 'A B' }

beforeEach(() => {
  scope = null
  ids = 0
  onSessionExpired.mockReset()
})

describe('request headers', () => {
  it('sends a fresh request id on every call and cookies', async () => {
    const server = setup(() => json(200, me))
    await getCurrentUser({ throwOnError: true })
    await getCurrentUser({ throwOnError: true })
    expect(server.seen.map((r) => r.headers.get(REQUEST_ID_HEADER))).toEqual(['req-1', 'req-2'])
    expect(server.seen[0]?.credentials).toBe('include')
  })

  it('sends the group header only when a scope is chosen', async () => {
    const server = setup(() => json(200, { items: [], total: 0, skip: 0, limit: 100 }))
    await listDevices({ throwOnError: true })
    scope = 'g-42'
    await listDevices({ throwOnError: true })
    expect(server.seen.map((r) => r.headers.get(GROUP_HEADER))).toEqual([null, 'g-42'])
  })

  it('repeats array items and drops empty values in the query', async () => {
    const server = setup(() => json(200, { items: [], total: 0, skip: 0, limit: 100 }))
    await listDevices({ query: { search: '', skip: 0, limit: 50 }, throwOnError: true })
    const url = new URL(server.seen[0]!.url)
    expect(url.searchParams.has('search')).toBe(false)
    expect(url.searchParams.get('limit')).toBe('50')
  })

  it('repeats the key for each array item', async () => {
    const server = setup(() => json(200, { items: [], total: 0, page: 1, page_size: 100 }))
    await listDeviceReadings({
      path: { id: 'd1' },
      query: { reading_type_names: ['energy_kwh', 'power_kw'] },
      throwOnError: true,
    })
    expect(new URL(server.seen[0]!.url).searchParams.getAll('reading_type_names')).toEqual([
      'energy_kwh',
      'power_kw',
    ])
  })
})

describe('401: one shared refresh, then one retry', () => {
  it('refreshes once for many concurrent failures and retries each once', async () => {
    let refreshed = false
    const server = setup(async (request) => {
      const path = new URL(request.url).pathname
      if (path === '/api/v1/auth/refresh') {
        await new Promise((r) => setTimeout(r, 10))
        refreshed = true
        return json(200, { user: me })
      }
      return refreshed ? json(200, me) : json(401, { detail: 'Access token expired' })
    })
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => getCurrentUser({ throwOnError: true })),
    )
    expect(results.map((r) => r.data.id)).toEqual(['u1', 'u1', 'u1', 'u1'])
    expect(server.paths().filter((p) => p === '/api/v1/auth/refresh')).toHaveLength(1)
    expect(server.paths().filter((p) => p === '/api/v1/users/me')).toHaveLength(8)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('retries a request with its body and a new request id', async () => {
    let calls = 0
    const server = setup((request) => {
      if (new URL(request.url).pathname === '/api/v1/auth/refresh') return json(200, { user: me })
      return ++calls === 1 ? json(401, { detail: 'expired' }) : json(200, { id: 'd1' })
    })
    await updateDevice({
      path: { id: 'd1' },
      body: { name: 'Meter', serial_number: 'EM-1' },
      throwOnError: true,
    })
    const puts = server.seen.filter((r) => r.method === 'PUT')
    expect(puts).toHaveLength(2)
    expect(await puts[1]!.json()).toEqual({ name: 'Meter', serial_number: 'EM-1' })
    expect(puts[0]!.headers.get(REQUEST_ID_HEADER)).not.toBe(
      puts[1]!.headers.get(REQUEST_ID_HEADER),
    )
  })

  /** A call the client leaves unsettled once it has sent the user to sign in (see onSessionExpired). */
  async function pendingUntilAborted(call: (signal: AbortSignal) => Promise<unknown>) {
    const abort = new AbortController()
    let settled = false
    const result = call(abort.signal).finally(() => (settled = true))
    await vi.waitFor(() => expect(onSessionExpired).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 0))
    expect(settled).toBe(false)
    abort.abort()
    await expect(result).rejects.toThrow()
  }

  it('retries only once, then reports the session as expired and leaves the call pending', async () => {
    const server = setup((request) =>
      new URL(request.url).pathname === '/api/v1/auth/refresh'
        ? json(200, { user: me })
        : json(401, { detail: 'still no' }),
    )
    await pendingUntilAborted((signal) => getCurrentUser({ signal, throwOnError: true }))
    expect(server.paths()).toEqual(['/api/v1/users/me', '/api/v1/auth/refresh', '/api/v1/users/me'])
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('goes to login when the refresh fails, unless the request asked not to', async () => {
    setup((request) =>
      json(401, {
        detail: new URL(request.url).pathname === '/api/v1/auth/refresh' ? 'no' : 'expired',
      }),
    )
    await pendingUntilAborted((signal) =>
      updateDevice({
        path: { id: 'd1' },
        body: { name: 'M', serial_number: 'S' },
        signal,
        throwOnError: true,
      }),
    )
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    await expect(getCurrentUser({ ...skipAuthRedirect, throwOnError: true })).rejects.toMatchObject(
      { status: 401 },
    )
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('never refreshes for the auth endpoints themselves', async () => {
    const server = setup(() => json(401, { detail: 'Not signed in' }))
    await expect(logout({ throwOnError: true })).rejects.toMatchObject({ status: 401 })
    expect(server.paths()).toEqual(['/api/v1/auth/cookie/logout'])
  })
})

describe('errors', () => {
  it('throws ApiError with status, body and request id', async () => {
    setup(() => json(404, { detail: 'Device not found' }))
    const error = await listDevices({ throwOnError: true }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, message: 'Device not found', requestId: 'req-1' })
  })
})
