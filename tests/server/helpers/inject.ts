import { once } from 'node:events'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'

const isEventStream = (url: InjectOptions['url']) =>
  typeof url === 'string' && url.split('?')[0]!.replace(/\/$/, '') === '/api/v1/events'

/**
 * app.inject, except that GET /api/v1/events (a stream that stays open) answers with what it sent
 * first, and then the client hangs up: the matrices and the fuzzer call every operation.
 */
export async function inject(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  if (!isEventStream(options.url)) return app.inject(options)
  const response = await app.inject({ ...options, payloadAsStream: true })
  const stream = response.stream()
  const chunks: Buffer[] = []
  if (response.statusCode === 200) {
    const [first] = (await once(stream, 'data')) as [Buffer]
    chunks.push(first)
    stream.destroy()
  } else {
    for await (const chunk of stream) chunks.push(chunk as Buffer)
  }
  const raw = Buffer.concat(chunks)
  const body = raw.toString()
  return Object.assign(response, {
    body,
    payload: body,
    rawPayload: raw,
    json: () => JSON.parse(body) as unknown,
  })
}
