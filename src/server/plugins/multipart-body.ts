import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError, type ValidationIssue } from '../lib/http-errors.ts'
import fp from 'fastify-plugin'

/** The largest file a multipart body may carry (the contract's photo limit). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** One file of a multipart body, read into memory (at most UPLOAD_MAX_BYTES). */
export interface Upload {
  filename: string
  /** As declared by the sender: a claim, not a fact. */
  mimetype: string
  data: Buffer
}

const uploads = new WeakMap<FastifyRequest, Map<string, Upload>>()

/** The files of the request's multipart body, by field name. */
export const uploadsOf = (request: FastifyRequest): ReadonlyMap<string, Upload> =>
  uploads.get(request) ?? new Map()

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

const tooLarge = (field: string) =>
  new HttpError(
    413,
    `${capitalized(field)} exceeds the ${UPLOAD_MAX_BYTES / 1024 / 1024} MB limit`,
    'payload_too_large',
    'Upload a smaller or compressed image.',
  )

const takesMultipart = (request: FastifyRequest) => {
  const content = (
    request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined
  )?.content
  return content !== undefined && 'multipart/form-data' in content && request.isMultipart()
}

/**
 * Turns a multipart body into a plain object before validation, so the contract's schema checks
 * it like any body (its fields are text: `kwh` and `is_reset` are read from it, as query values
 * are; a JSON body is taken as sent, see validatorsByPart in app.ts): text fields become
 * properties, files are read (413 beyond the limit) and kept for `uploadsOf`, their property
 * holding the file name. Empty text fields are left out, as the console's client does.
 */
export const multipartBody = fp(
  async function multipartBody(app: FastifyInstance) {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (!takesMultipart(request)) return
      const body: Record<string, unknown> = {}
      const files = new Map<string, Upload>()
      const issues: ValidationIssue[] = []
      for await (const part of request.parts()) {
        const name = part.fieldname
        if (name in body) {
          issues.push({ loc: ['body', name], msg: 'Field given more than once', type: 'duplicate' })
        }
        if (part.type === 'file') {
          const data = await part.toBuffer().catch((error: { code?: string }) => {
            throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(name) : error
          })
          files.set(name, { filename: part.filename, mimetype: part.mimetype, data })
          body[name] = part.filename || name
        } else if (part.valueTruncated) {
          issues.push({ loc: ['body', name], msg: 'Value is too long', type: 'string_too_long' })
        } else if (part.value !== '') {
          body[name] = part.value
        }
      }
      if (issues.length > 0) throw new HttpError(422, issues, 'validation_error')
      uploads.set(request, files)
      request.body = body
    })
  },
  { name: 'multipart-body', dependencies: ['body-media-types'] },
)
