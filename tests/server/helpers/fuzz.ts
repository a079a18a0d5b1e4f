import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import {
  binaryFields,
  bodyVariants,
  multipart,
  toInject,
  validRequest,
  type ContractOperation,
  type IdSource,
  type RequestParts,
} from './contract-inputs.ts'
import { prng as mulberry32 } from '~/server/seed/random.ts'

/** The seed's generator with a few draws a fuzz case needs: a seed replays a run. */
export function prng(seed: number) {
  const next = mulberry32(seed)
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)]!
    },
  }
}
type Random = ReturnType<typeof prng>

/** A 32-bit seed per operation from the run's seed, so one operation replays on its own. */
export function seedFor(seed: number, operationId: string): number {
  let h = seed >>> 0
  for (const c of operationId) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0
  return h
}

const huge = (n: number) => 'x'.repeat(n)

const STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[2J\u0008',
  'line\r\nX-Injected: yes',
  '\ud800',
  '\udfff\ud800',
  '\ufeff',
  '\u202eevil',
  '💥'.repeat(60),
  'é'.repeat(300),
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '%00',
  '%',
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '0x1F',
  '1_000',
  ' 1',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  huge(257),
  huge(10_001),
  huge(100_000),
] as const

const NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  10_080.5,
] as const

/** Far past, far future, impossible and offset-less times. */
const TIMESTAMPS = [
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2038-01-19T03:14:08Z',
  '2026-02-30T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-01-01T00:00:00+25:00',
  '2026-01-01T00:00:00+14:00',
  '2026-01-01T00:00:00',
  '2026-01-01',
  '2026-03-29T02:30:00+01:00',
  '2026-01-01T00:00:00.123456789Z',
  'now',
  '1700000000',
] as const

const JSON_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  ...NUMBERS,
  ...STRINGS.slice(0, 20),
  [],
  [null],
  [[[[]]]],
  {},
  { a: 1 },
  Array.from({ length: 1000 }, (_, i) => i),
]

/** Keys that poison objects built carelessly from input. */
const POISON_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString']

type Json = Record<string, unknown>

/** Sets a key as an own property, even `__proto__`. */
function defineKey(target: Json, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** Every path into a value: objects' keys and arrays' items. */
function pathsOf(
  value: unknown,
  prefix: Array<string | number> = [],
): Array<Array<string | number>> {
  if (Array.isArray(value))
    return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])])
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      [...prefix, k],
      ...pathsOf(v, [...prefix, k]),
    ])
  return []
}

function parentOf(root: unknown, path: Array<string | number>): Json | undefined {
  const parent = path.slice(0, -1).reduce<unknown>((at, k) => (at as Json | undefined)?.[k], root)
  return parent && typeof parent === 'object' ? (parent as Json) : undefined
}

/** Stands in for JSON numbers beyond float8 (read as Infinity), which JSON.stringify cannot write. */
const BEYOND_FLOAT = '\u0000beyond-float\u0000'
const writeBeyondFloat = (request: InjectOptions): InjectOptions =>
  typeof request.payload === 'string'
    ? { ...request, payload: request.payload.replaceAll(JSON.stringify(BEYOND_FLOAT), '1e400') }
    : request

/** A value that is wrong for the field in some way, often of the field's own kind. */
function badValue(r: Random, current: unknown): unknown {
  const roll = r.next()
  if (typeof current === 'string' && /^\d{4}-\d\d-\d\dT/.test(current) && roll < 0.5)
    return r.pick(TIMESTAMPS)
  if (typeof current === 'number' && roll < 0.4)
    return r.pick([...NUMBERS, 'NaN', 'Infinity', '-Infinity', '1e309', '12,5', BEYOND_FLOAT])
  if (typeof current === 'string' && roll < 0.4) return r.pick(STRINGS)
  return r.pick(JSON_VALUES)
}

/**
 * A value of another JSON type than the field's, as a coercing validator would read it: null
 * or a boolean for a number (0, 1), a number as text, text as a number, one item for a list.
 */
function wrongType(r: Random, current: unknown): unknown {
  if (typeof current === 'number') return r.pick([null, true, false, String(current), ''])
  if (typeof current === 'boolean') return r.pick([null, String(current), Number(current), ''])
  if (typeof current === 'string')
    return r.pick([null, true, false, Number(current) || 1, 0, [current]])
  if (Array.isArray(current)) return r.pick([null, true, current[0] ?? 'x', {}])
  if (current && typeof current === 'object') return r.pick([null, true, 1, 'x', [current]])
  return r.pick([null, true, false, 0, '1', 'true', 'null', []])
}

/** Raw request bodies that no parser should choke on. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  '\u0000',
  '{"a":1}{"b":2}',
  'NaN',
  'Infinity',
  '1e99999',
  '"\\ud800"',
  '\ufeff{}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  '[1,2,3]',
  '"just a string"',
  '123',
  'true',
  'null',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
] as const

/** Bytes that are not UTF-8: a lone byte, a surrogate, an overlong `/`, a cut sequence. */
const NOT_UTF8 = [[0xff], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe2, 0x82]].map((b) => Buffer.from(b))

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=nope',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'application/vnd.console.profiled+json',
  'text/csv',
  'image/png',
  'application/octet-stream',
  ';;;',
] as const

export interface FuzzCase {
  /** What was changed, for the failure message. */
  label: string
  request: InjectOptions
  /** The JSON body sent, as the server parses it: checked against the contract's schema. */
  body?: unknown
  /** The body is not UTF-8, so not JSON: never to be accepted. */
  notUtf8?: true
}

interface Context {
  op: ContractOperation
  r: Random
  ids: IdSource
}

const mediaTypeOf = (op: ContractOperation) => (op.body ? Object.keys(op.body)[0] : undefined)

function encodeBody(op: ContractOperation, parts: RequestParts, body: unknown): InjectOptions {
  return toInject(op, { ...parts, body })
}

/** Changes one field of the body: a bad value, removed, or a poisonous or unknown key beside it. */
function mutateBodyField({ op, r }: Context, parts: RequestParts): FuzzCase {
  const body = structuredClone(parts.body) as Json
  const schema = bodyVariants(op.body![mediaTypeOf(op)!]!)[0]!
  const paths = [
    ...pathsOf(body),
    ...Object.keys((schema.properties as Json) ?? {}).map((k) => [k]),
  ]
  const path = paths.length > 0 ? r.pick(paths) : ['name']
  const parent = parentOf(body, path) ?? body
  const key = String(path.at(-1))
  const action = r.int(6)
  let label: string
  if (action === 0) {
    delete parent[key]
    label = `body ${path.join('.')} removed`
  } else if (action === 1) {
    const poison = r.pick([...POISON_KEYS, 'extra_field', 'is_admin', 'role'])
    const value = r.pick<unknown>([{ role: 'developer', is_admin: true }, 'developer', 1, null])
    defineKey(parent, poison, value)
    label = `body ${[...path.slice(0, -1), poison].join('.')} = ${JSON.stringify(value)}`
  } else {
    const value = action < 4 ? badValue(r, parent[key]) : wrongType(r, parent[key])
    defineKey(parent, key, value)
    label = `body ${path.join('.')} = ${value === BEYOND_FLOAT ? '1e400' : JSON.stringify(value)?.slice(0, 80)}`
  }
  return { label, request: writeBeyondFloat(encodeBody(op, parts, body)), body }
}

/** What a JSON parser makes of the text, if it reads it. */
function parsedJson(text: string): { body?: unknown } {
  try {
    return { body: JSON.parse(text) }
  } catch {
    return {}
  }
}

/** The body as bytes no schema expects: malformed, mislabelled, empty, or too deep. */
function mutateRawBody({ op, r }: Context, parts: RequestParts): FuzzCase {
  const request = toInject(op, parts)
  const headers = { ...(request.headers as Record<string, string>) }
  const action = r.int(4)
  if (action === 3) {
    // Into the first string value of the valid body: read leniently, it would be accepted.
    const text = Buffer.from(JSON.stringify(parts.body))
    const at = text.indexOf('":"') + 3
    const bytes = r.pick(NOT_UTF8)
    return {
      label: `valid body with ${bytes.toString('hex')} (not UTF-8) at byte ${at}`,
      request: {
        ...request,
        payload: Buffer.concat([text.subarray(0, at), bytes, text.subarray(at)]),
        headers: { ...headers, 'content-type': 'application/json' },
      },
      notUtf8: true,
    }
  }
  if (action === 0) {
    const payload = r.pick(MALFORMED_JSON)
    return {
      label: `body ${JSON.stringify(payload.slice(0, 40))} as application/json`,
      request: { ...request, payload, headers: { ...headers, 'content-type': 'application/json' } },
      ...parsedJson(payload),
    }
  }
  if (action === 1) {
    const type = r.pick(WRONG_CONTENT_TYPES)
    return {
      label: `valid body sent as ${type}`,
      request: { ...request, headers: { ...headers, 'content-type': type } },
    }
  }
  const empty = r.pick(['', '{}', '[]', ' '])
  const type = r.pick(['application/json', mediaTypeOf(op) ?? 'application/json'])
  return {
    label: `body ${JSON.stringify(empty)} as ${type}`,
    request: { ...request, payload: empty, headers: { ...headers, 'content-type': type } },
    ...(type === 'application/json' ? parsedJson(empty) : {}),
  }
}

/** Multipart bodies: bad field values, files where text goes, unknown and repeated fields. */
function mutateMultipart({ op, r }: Context, parts: RequestParts): FuzzCase {
  const fields = { ...(parts.body as Json) }
  const files = binaryFields(op.body?.['multipart/form-data'])
  const action = r.int(4)
  let label: string
  if (action === 0) {
    const key = r.pick(Object.keys(fields))
    fields[key] = String(badValue(r, fields[key]))
    label = `multipart ${key} = ${JSON.stringify(fields[key]).slice(0, 80)}`
  } else if (action === 1) {
    const key = r.pick([...POISON_KEYS, 'extra'])
    defineKey(fields, key, r.pick(['1', 'x', huge(2000)]))
    label = `multipart extra field ${key}`
  } else if (action === 2) {
    const key = r.pick(Object.keys(fields))
    delete fields[key]
    label = `multipart ${key} removed`
  } else {
    const file = r.pick([
      Buffer.alloc(0),
      Buffer.from('not an image'),
      Buffer.from('<svg onload=alert(1)>'),
    ])
    const into = r.pick([...files, ...Object.keys(fields)])
    fields[into] = file
    label = `multipart ${into} = file of ${file.length} bytes`
  }
  const { payload, contentType } = multipart(fields, [])
  const request = toInject(op, { ...parts, body: undefined })
  const damage = r.pick([
    'none',
    'none',
    'none',
    'truncated',
    'no boundary',
    'other boundary',
    'json',
  ])
  const type =
    damage === 'no boundary'
      ? 'multipart/form-data'
      : damage === 'other boundary'
        ? 'multipart/form-data; boundary=other'
        : damage === 'json'
          ? 'application/json'
          : contentType
  return {
    label: damage === 'none' ? label : `${label}, ${damage}`,
    request: {
      ...request,
      payload:
        damage === 'truncated' ? payload.subarray(0, Math.floor(payload.length / 2)) : payload,
      headers: { ...(request.headers as Record<string, string>), 'content-type': type },
    },
  }
}

/** Form bodies (sign-in): bad values, repeated and unknown keys, JSON instead of a form. */
function mutateForm({ op, r }: Context, parts: RequestParts): FuzzCase {
  const fields = Object.entries(parts.body as Json).map(([k, v]) => [k, String(v)])
  const action = r.int(4)
  let text: string
  let label: string
  if (action === 0) {
    const i = r.int(fields.length)
    fields[i]![1] = String(r.pick(STRINGS))
    text = new URLSearchParams(fields as string[][]).toString()
    label = `form ${fields[i]![0]} = ${JSON.stringify(fields[i]![1]).slice(0, 60)}`
  } else if (action === 1) {
    const extra = r.pick([
      'username=a%40b.test',
      '__proto__=x',
      'constructor[prototype][x]=1',
      'a[b]=c',
      '%ZZ=1',
      'password',
    ])
    text = `${new URLSearchParams(fields as string[][]).toString()}&${extra}`
    label = `form + ${extra}`
  } else if (action === 2) {
    text = new URLSearchParams(fields.slice(1) as string[][]).toString()
    label = `form without ${fields[0]![0]}`
  } else {
    text = huge(20_000)
    label = 'form of 20,000 bytes without ='
  }
  const request = toInject(op, { ...parts, body: undefined })
  return {
    label,
    request: {
      ...request,
      payload: text,
      headers: {
        ...(request.headers as Record<string, string>),
        'content-type': 'application/x-www-form-urlencoded',
      },
    },
  }
}

/** A path parameter of the wrong kind, encoded or raw. */
function mutatePath({ op, r }: Context, parts: RequestParts): FuzzCase {
  const name = r.pick(op.params.filter((p) => p.in === 'path')).name
  const raw = r.next() < 0.3
  if (raw) {
    // Not `..` or an empty segment: those lead to another operation, not a bad id.
    const segment = r.pick(['%00', '%ZZ', '%', '%C0%AF', huge(300), '-1', '0', '1.5', 'NaN'])
    const url = toInject(op, parts).url as string
    return {
      label: `path ${name} raw ${JSON.stringify(segment.slice(0, 40))}`,
      request: {
        ...toInject(op, parts),
        url: url.replace(encodeURIComponent(parts.path[name]!), segment),
      },
    }
  }
  const values = [...STRINGS, ...NUMBERS, randomUUID().toUpperCase()].map(String)
  const value = r.pick(values.filter((v) => v.trim() !== '' && v !== '..'))
  return {
    label: `path ${name} = ${JSON.stringify(value).slice(0, 80)}`,
    request: toInject(op, { ...parts, path: { ...parts.path, [name]: value } }),
  }
}

/** A query parameter with a bad value, repeated, missing, unknown, or the query string broken. */
function mutateQuery({ op, r }: Context, parts: RequestParts): FuzzCase {
  const declared = op.params.filter((p) => p.in === 'query')
  const query = { ...parts.query }
  const action = declared.length > 0 ? r.int(5) : 3 + r.int(2)
  if (action <= 1) {
    const p = r.pick(declared)
    const value =
      p.schema.format === 'date-time' || /date|start|end|before|after/.test(p.name)
        ? r.pick(TIMESTAMPS)
        : String(r.pick([...STRINGS, ...NUMBERS]))
    query[p.name] = action === 0 ? value : [value, value, String(r.pick(STRINGS))]
    return {
      label: `query ${p.name} = ${JSON.stringify(query[p.name]).slice(0, 80)}`,
      request: toInject(op, { ...parts, query }),
    }
  }
  if (action === 2) {
    const p = r.pick(declared)
    delete query[p.name]
    return { label: `query ${p.name} removed`, request: toInject(op, { ...parts, query }) }
  }
  if (action === 3) {
    const key = r.pick([...POISON_KEYS, 'constructor[prototype][admin]', 'a[b]', 'extra', ''])
    query[key] = String(r.pick(STRINGS))
    return {
      label: `query + ${key}=${JSON.stringify(query[key]).slice(0, 40)}`,
      request: toInject(op, { ...parts, query }),
    }
  }
  const request = toInject(op, parts)
  const tail = r.pick(['%ZZ', '&&&', '=&=', 'a=%', '%00=%00', huge(50_000), '?', '#frag'])
  const url = request.url as string
  return {
    label: `query string + ${JSON.stringify(tail.slice(0, 30))}`,
    request: { ...request, url: `${url}${url.includes('?') ? '&' : '?'}${tail}` },
  }
}

/** Headers the contract declares, with values a client should never send. */
function mutateHeaders({ op, r }: Context, parts: RequestParts): FuzzCase {
  const name = op.groupScope && r.next() < 0.7 ? 'x-group-id' : 'x-request-id'
  const value = r.pick([
    'not-a-uuid',
    ' ',
    randomUUID(),
    randomUUID().toUpperCase(),
    huge(10_000),
    "' OR 1=1 --",
    '../..',
    'a'.repeat(129),
  ])
  return {
    label: `header ${name} = ${JSON.stringify(value).slice(0, 60)}`,
    request: toInject(op, { ...parts, headers: { ...parts.headers, [name]: value } }),
  }
}

/** A body where the operation takes none. */
function unexpectedBody({ op, r }: Context, parts: RequestParts): FuzzCase {
  const request = toInject(op, parts)
  const payload = r.pick(['{"a":1}', '{', 'x=1', '\u0000'])
  const type = r.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded'])
  return {
    label: `unexpected body ${JSON.stringify(payload)} as ${type}`,
    request: {
      ...request,
      payload,
      headers: { ...(request.headers as Record<string, string>), 'content-type': type },
    },
  }
}

/**
 * One bad request for an operation: a valid request (own ids, examples) with one thing broken,
 * chosen by the generator among what the operation has (path, query, headers, body).
 */
export function fuzzCase(op: ContractOperation, r: Random, ids: IdSource): FuzzCase {
  const variants = op.body ? bodyVariants(Object.values(op.body)[0]!).length : 1
  const parts = validRequest(op, ids, { variant: r.int(variants) })
  const ctx: Context = { op, r, ids }
  const media = mediaTypeOf(op)
  const choices: Array<(c: Context, p: RequestParts) => FuzzCase> = [mutateQuery, mutateHeaders]
  if (op.params.some((p) => p.in === 'path')) choices.push(mutatePath, mutatePath)
  if (media === 'application/json')
    choices.push(mutateBodyField, mutateBodyField, mutateBodyField, mutateRawBody, mutateRawBody)
  else if (media === 'multipart/form-data')
    choices.push(mutateMultipart, mutateMultipart, mutateMultipart)
  else if (media === 'application/x-www-form-urlencoded')
    choices.push(mutateForm, mutateForm, mutateForm)
  else choices.push(unexpectedBody)
  return r.pick(choices)(ctx, parts)
}
