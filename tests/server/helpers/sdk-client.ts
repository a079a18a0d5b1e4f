import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createClient, type Client } from '~/api/__generated__/client/index.ts'

export interface Exchange {
  method: string
  url: string
  status: number
  contentType: string
  body: unknown
}

/**
 * The generated client over app.inject: every call of the generated SDK reaches the app as a
 * real HTTP exchange (headers, cookies, bodies), without a port. Keeps cookies like a browser.
 */
export function injectClient(app: FastifyInstance, options: { groupId?: string } = {}) {
  const jar = new Map<string, string>()
  const exchanges: Exchange[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const headers: Record<string, string> = {}
    request.headers.forEach((value, key) => (headers[key] = value))
    headers['x-request-id'] ??= randomUUID()
    if (options.groupId) headers['x-group-id'] = options.groupId
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(payload ? { payload } : {}),
    })
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') jar.delete(c.name)
      else jar.set(c.name, c.value)
    }
    const contentType = String(response.headers['content-type'] ?? '')
    exchanges.push({
      method: request.method,
      url: url.pathname,
      status: response.statusCode,
      contentType,
      body: contentType.includes('json') && response.body ? response.json() : response.body,
    })
    const out = new Headers()
    for (const [k, v] of Object.entries(response.headers))
      if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v))
    const noBody = response.statusCode === 204 || response.statusCode === 304
    return new Response(noBody ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: out,
    })
  }
  const client: Client = createClient({
    baseUrl: 'http://console.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { client, jar, exchanges, last: () => exchanges.at(-1)! }
}
