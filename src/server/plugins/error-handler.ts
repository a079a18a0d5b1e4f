import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError, type ValidationIssue } from '../lib/http-errors.ts'
import fp from 'fastify-plugin'

interface AjvError {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

const LOCATIONS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
}

const TYPE_NAMES: Record<string, [string, string]> = {
  string: ['string_type', 'Input should be a valid string'],
  integer: ['int_type', 'Input should be a valid integer'],
  number: ['float_type', 'Input should be a valid number'],
  boolean: ['bool_type', 'Input should be a valid boolean'],
  object: ['dict_type', 'Input should be a valid object'],
  array: ['list_type', 'Input should be a valid list'],
  null: ['none_required', 'Input should be null'],
}

const FORMATS: Record<string, [string, string]> = {
  email: ['value_error', 'value is not a valid email address'],
  uuid: ['uuid_parsing', 'Input should be a valid UUID'],
  'date-time': [
    'datetime_parsing',
    'Input should be a valid datetime with a timezone offset, in the years 1000 to 8999',
  ],
  date: ['date_parsing', 'Input should be a valid date'],
}

const list = (values: unknown[]) =>
  values.length <= 1
    ? `'${String(values[0])}'`
    : `${values
        .slice(0, -1)
        .map((v) => `'${String(v)}'`)
        .join(', ')} or '${String(values.at(-1))}'`

/** An ajv error as a pydantic-style issue: what the console's error normaliser expects. */
function issueOf(context: string, error: AjvError): ValidationIssue {
  const loc: Array<string | number> = [LOCATIONS[context] ?? context]
  for (const part of error.instancePath.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    loc.push(/^\d+$/.test(key) ? Number(key) : key)
  }
  const p = error.params
  switch (error.keyword) {
    case 'required':
      return { loc: [...loc, String(p.missingProperty)], msg: 'Field required', type: 'missing' }
    case 'additionalProperties':
      return {
        loc: [...loc, String(p.additionalProperty)],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      }
    case 'type': {
      const types = String(p.type)
        .split(',')
        .filter((t) => t !== 'null')
      const [type, msg] = TYPE_NAMES[types[0] ?? 'null'] ?? [
        'type_error',
        error.message ?? 'Invalid type',
      ]
      return { loc, msg, type }
    }
    case 'minLength':
      return {
        loc,
        msg: `String should have at least ${p.limit} character${p.limit === 1 ? '' : 's'}`,
        type: 'string_too_short',
      }
    case 'maxLength':
      return {
        loc,
        msg: `String should have at most ${p.limit} characters`,
        type: 'string_too_long',
      }
    case 'pattern':
      return {
        loc,
        msg: `String should match pattern '${p.pattern}'`,
        type: 'string_pattern_mismatch',
      }
    case 'format': {
      const [type, msg] = FORMATS[String(p.format)] ?? [
        'value_error',
        `Input should be a valid ${p.format}`,
      ]
      return { loc, msg, type }
    }
    case 'minimum':
      return {
        loc,
        msg: `Input should be greater than or equal to ${p.limit}`,
        type: 'greater_than_equal',
      }
    case 'exclusiveMinimum':
      return { loc, msg: `Input should be greater than ${p.limit}`, type: 'greater_than' }
    case 'maximum':
      return {
        loc,
        msg: `Input should be less than or equal to ${p.limit}`,
        type: 'less_than_equal',
      }
    case 'exclusiveMaximum':
      return { loc, msg: `Input should be less than ${p.limit}`, type: 'less_than' }
    case 'enum':
      return { loc, msg: `Input should be ${list(p.allowedValues as unknown[])}`, type: 'enum' }
    case 'const':
      return { loc, msg: `Input should be ${list([p.allowedValue])}`, type: 'literal_error' }
    case 'minItems':
      return {
        loc,
        msg: `List should have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`,
        type: 'too_short',
      }
    case 'maxItems':
      return { loc, msg: `List should have at most ${p.limit} items`, type: 'too_long' }
    case 'uniqueItems':
      return { loc, msg: 'List items should be unique', type: 'unique_items' }
    case 'minProperties':
      return { loc, msg: 'At least one field must be given', type: 'too_short' }
    default:
      return { loc, msg: error.message ?? 'Invalid value', type: error.keyword }
  }
}

/** At most this many issues in one answer: 10,000 bad bulk items need not make 30,000 lines. */
const MAX_ISSUES = 100

/** Validation failures as one 422 listing every issue (deduplicated: oneOf branches repeat). */
export function validationError(context: string, errors: AjvError[]): HttpError {
  const seen = new Set<string>()
  const issues: ValidationIssue[] = []
  for (const error of errors) {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf' || error.keyword === 'if') continue
    const issue = issueOf(context, error)
    const key = JSON.stringify([issue.loc, issue.msg])
    if (seen.has(key)) continue
    seen.add(key)
    issues.push(issue)
    if (issues.length === MAX_ISSUES) break
  }
  if (issues.length === 0)
    issues.push({ loc: [LOCATIONS[context] ?? context], msg: 'Invalid input', type: 'value_error' })
  return new HttpError(422, issues, 'validation_error')
}

/** Database errors a client can cause, as client errors (the repositories name most of them first). */
function fromDatabase(error: { code?: string; constraint?: string }): HttpError | undefined {
  switch (error.code) {
    case '23505':
      return new HttpError(409, 'A value that must be unique is already in use', 'duplicate')
    case '23503':
      return new HttpError(
        409,
        'The change refers to, or is referred to by, other data',
        'conflict',
      )
    case '23514':
    case '23502':
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '22001':
    case '22021': // a NUL character: text cannot hold one
    case '22P05': // an escape jsonb refuses (\u0000)
    case '54000': // a value too big to index
      return new HttpError(
        422,
        [{ loc: ['body'], msg: 'A value is out of range or malformed', type: 'value_error' }],
        'validation_error',
      )
    case '42501':
      // Row-level security refused a row: to the client it does not exist.
      return new HttpError(404, 'Not found', 'not_found')
    case '40001':
    case '40P01':
    case '57P01':
    case '57P03':
    case '53300':
      return new HttpError(
        503,
        'Service is temporarily unavailable',
        'service_unavailable',
        'Try again in a few seconds.',
        {
          'retry-after': '1',
        },
      )
    default:
      return undefined
  }
}

const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|(Part|Preamble) terminated early)/

function toHttpError(
  error: FastifyError & { code?: string },
  request: FastifyRequest,
): HttpError | undefined {
  if (error instanceof HttpError) return error
  if (error.validation)
    return validationError(error.validationContext ?? 'body', error.validation as AjvError[])
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return new HttpError(
        413,
        'Request body is too large',
        'payload_too_large',
        'Send a smaller body or fewer items.',
      )
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(
        415,
        `Unsupported content type ${request.headers['content-type'] ?? '(none)'}`,
        'unsupported_media_type',
      )
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, 'Request body is empty', 'malformed_body')
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, 'Request body is not valid JSON', 'malformed_body')
    case 'ECONNREFUSED':
    case 'ECONNRESET':
      return new HttpError(
        503,
        'Database is unreachable',
        'service_unavailable',
        'Try again in a few seconds.',
        {
          'retry-after': '5',
        },
      )
  }
  // The multipart parser's own errors (a truncated or unbounded form) carry no code.
  if (MALFORMED_MULTIPART.test(error.message)) {
    return new HttpError(400, 'The multipart body is malformed', 'malformed_body')
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpError(400, 'Request body is not valid JSON', 'malformed_body')
  }
  const fromDb = fromDatabase(error)
  if (fromDb) return fromDb
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(
      error.statusCode,
      error.message || 'Bad request',
      error.code?.toLowerCase(),
    )
  }
  return undefined
}

/** What to log of an error: never the SQL parameters a driver error carries (password hashes). */
const safeError = (error: Error & { code?: string }) => ({
  type: error.name,
  message: error.message,
  code: error.code,
  stack: error.stack,
})

/** Every error body is `{ detail, code?, remediation? }`; anything unforeseen is a logged 500. */
export const errorHandling = fp(
  async function errorHandling(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const http = toHttpError(error, request)
      if (!http) {
        request.log.error(
          { logger: 'http', err: safeError(error) },
          `Unhandled error: ${error.message}`,
        )
        return reply.code(500).type('application/json').send({
          detail: 'Internal server error',
          code: 'internal_error',
          remediation: 'Try again; if it persists, report the request id.',
        })
      }
      if (http.statusCode >= 500)
        request.log.error({ logger: 'http', err: safeError(error) }, http.message)
      return reply
        .code(http.statusCode)
        .headers(http.headers)
        .type('application/json')
        .send(http.body())
    })
  },
  { name: 'error-handler', dependencies: ['request-context'] },
)
