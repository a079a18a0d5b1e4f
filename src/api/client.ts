/**
 * The one configured API client (spec §7, DESIGN 'Client'): cookies on every call, a fresh
 * X-Request-ID, the group header when a scope is chosen, empty query values dropped, and on a 401
 * one shared silent refresh, after which the request is retried once.
 */
import { client } from './__generated__/client.gen'
import { createQuerySerializer } from './__generated__/client/utils.gen'
import { ApiError } from './errors'

// Arrays repeat their key (a=1&a=2), the contract's `style: form, explode: true`.
const serializeQuery = createQuerySerializer({ array: { explode: true, style: 'form' } })

/** Spec §7: empty values are dropped from the query. */
function withoutEmptyValues(query: unknown): Record<string, unknown> {
  if (!query || typeof query !== 'object') return {}
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, v]) => v !== '' && v != null && !(Array.isArray(v) && v.length === 0),
    ),
  )
}

export const REQUEST_ID_HEADER = 'X-Request-ID'
export const GROUP_HEADER = 'X-Group-ID'
/** Marks a request whose failed refresh must not send the user to the login page. */
export const SKIP_AUTH_REDIRECT_HEADER = 'X-Skip-Auth-Redirect'
export const skipAuthRedirect = { headers: { [SKIP_AUTH_REDIRECT_HEADER]: '1' } } as const

const REFRESH_PATH = '/api/v1/auth/refresh'
/** A 401 from these means "wrong credentials" or "no session", not "access token expired". */
const NO_REFRESH_PATHS = ['/api/v1/auth/cookie/login', REFRESH_PATH, '/api/v1/auth/cookie/logout']

export type RefreshOutcome = 'ok' | 'unauthorized' | 'failed'

export interface ApiClientOptions {
  /** Empty (same origin) in development; set at build time otherwise. @default '' */
  baseUrl?: string
  /** The chosen group scope, or null for none. */
  getGroupScope?: () => string | null
  /**
   * Called when a 401 could not be recovered by a refresh. The request then never settles (unless
   * aborted): the page is leaving for the login page, and an error now would only add a toast or an
   * error state to a page that is going away.
   */
  onSessionExpired?: () => void
  /** @default globalThis.fetch */
  fetch?: typeof fetch
  /** @default crypto.randomUUID */
  newRequestId?: () => string
}

/** A response that never comes; an abort still rejects it, as fetch would. */
function superseded(signal: AbortSignal): Promise<Response> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

export function configureApiClient(options: ApiClientOptions = {}) {
  const {
    baseUrl = '',
    getGroupScope = () => null,
    onSessionExpired = () => {},
    newRequestId = () => crypto.randomUUID(),
  } = options
  const send = options.fetch ?? ((input: Request) => globalThis.fetch(input))
  let refreshing: Promise<RefreshOutcome> | null = null

  /** One refresh at a time: every caller that arrives while it runs shares its result. */
  function refreshSession(): Promise<RefreshOutcome> {
    refreshing ??= send(
      new Request(new URL(REFRESH_PATH, baseUrl || globalThis.location?.origin), {
        method: 'POST',
        credentials: 'include',
        headers: { [REQUEST_ID_HEADER]: newRequestId() },
      }),
    )
      .then((response): RefreshOutcome =>
        response.ok ? 'ok' : response.status === 401 ? 'unauthorized' : 'failed',
      )
      .catch((): RefreshOutcome => 'failed')
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  /**
   * Requests are rebuilt from a buffered body: a Request re-wrapped from another one carries its body
   * as a stream, which Chromium only uploads over HTTP/2 (net::ERR_ALPN_NEGOTIATION_FAILED).
   */
  async function fetchWithSession(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname
    const skipRedirect = request.headers.has(SKIP_AUTH_REDIRECT_HEADER)
    const headers = new Headers(request.headers)
    headers.delete(SKIP_AUTH_REDIRECT_HEADER)
    const body =
      request.method === 'GET' || request.method === 'HEAD'
        ? undefined
        : await request.arrayBuffer()
    const build = () =>
      new Request(request.url, {
        method: request.method,
        headers: new Headers(headers),
        body,
        credentials: request.credentials,
        redirect: request.redirect,
        signal: request.signal,
      })
    if (refreshing && path !== REFRESH_PATH) await refreshing
    const response = await send(build())
    if (response.status !== 401 || NO_REFRESH_PATHS.includes(path)) return response
    headers.set(REQUEST_ID_HEADER, newRequestId())
    const retried = (await refreshSession()) === 'ok' ? await send(build()) : response
    if (retried.status !== 401 || skipRedirect) return retried
    onSessionExpired()
    return superseded(request.signal)
  }

  client.setConfig({
    baseUrl,
    credentials: 'include',
    fetch: fetchWithSession as typeof fetch,
    querySerializer: (query) => serializeQuery(withoutEmptyValues(query)),
  })
  // Configuring again (tests, hot reload) replaces the interceptors instead of stacking them.
  client.interceptors.request.clear()
  client.interceptors.error.clear()
  client.interceptors.request.use((request) => {
    request.headers.set(REQUEST_ID_HEADER, newRequestId())
    const scope = getGroupScope()
    if (scope && !request.headers.has(GROUP_HEADER)) request.headers.set(GROUP_HEADER, scope)
    return request
  })
  client.interceptors.error.use((error, response, request) =>
    response
      ? new ApiError(response.status, error, request?.headers.get(REQUEST_ID_HEADER) ?? undefined)
      : error,
  )

  return { client, refreshSession }
}

export { client }
