import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../lib/http-errors.ts'
import fp from 'fastify-plugin'

const mediaTypeOf = (request: FastifyRequest) =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined

/**
 * Fastify validates a body only against the schema of its own media type and skips validation
 * when the media type is not declared: a JSON body sent to a form operation (or the reverse)
 * would reach the handler unchecked. Only the contract's media types get through; a missing
 * body is a 422 like any missing field.
 */
export const bodyMediaTypes = fp(
  async function bodyMediaTypes(app: FastifyInstance) {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      const content = (
        request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined
      )?.content
      if (!content) return
      const mediaType = mediaTypeOf(request)
      if (mediaType && mediaType in content) return
      if (!mediaType && (request.body === undefined || request.body === null)) {
        throw new HttpError(
          422,
          [{ loc: ['body'], msg: 'Field required', type: 'missing' }],
          'validation_error',
        )
      }
      throw new HttpError(
        415,
        `Unsupported content type ${mediaType ?? '(none)'}; send ${Object.keys(content).join(' or ')}`,
        'unsupported_media_type',
      )
    })
  },
  {
    name: 'body-media-types',
    dependencies: ['session-auth', '@fastify/formbody', '@fastify/multipart'],
  },
)

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * JSON is UTF-8 (RFC 8259). Fastify's parser decodes the bytes leniently: invalid sequences
 * would reach the handler, and be stored, as U+FFFD. They are a malformed body instead; the
 * text is then parsed as before (`__proto__` and `constructor` keys refused).
 */
export const utf8Json = fp(
  async function utf8Json(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      let text: string
      try {
        text = utf8.decode(body as Buffer)
      } catch {
        return done(new HttpError(400, 'Request body is not valid UTF-8', 'malformed_body'))
      }
      parseJson(request, text, done)
    })
  },
  { name: 'utf8-json', dependencies: [] },
)
