import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { spec } from './spec.ts'

type Json = Record<string, unknown>

/** Follows `$ref`s inside openapi.yaml. */
export function deref<T = Json>(node: unknown): T {
  let current = node as Json
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key], spec) as Json
  }
  return current as T
}

export interface ContractParam {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: Json
  /** The `components/parameters` name it came from, if any (`DeviceId`, `ReportDeviceIds`...). */
  component?: string
  example?: unknown
}

export interface ContractOperation {
  operationId: string
  method: string
  path: string
  public: boolean
  params: ContractParam[]
  /** Media type -> schema of the request body. */
  body?: Record<string, Json>
  /** Declares X-Group-ID: elevated callers can be scoped to one group. */
  groupScope: boolean
  statuses: string[]
}

/** Every operation of openapi.yaml with its parameters and bodies as the generators need them. */
export function contractOperations(): ContractOperation[] {
  const list: ContractOperation[] = []
  for (const [path, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const [method, value] of Object.entries(item)) {
      const op = value as Json
      if (typeof op !== 'object' || !op.operationId) continue
      const params = ((op.parameters as Json[] | undefined) ?? []).map((raw) => {
        const p = deref<Json>(raw)
        return {
          name: p.name as string,
          in: p.in as ContractParam['in'],
          required: p.required === true,
          schema: deref(p.schema),
          component: typeof raw.$ref === 'string' ? raw.$ref.split('/').pop() : undefined,
          example: p.example,
        }
      })
      const content = op.requestBody
        ? (deref<Json>(op.requestBody).content as Record<string, Json>)
        : undefined
      list.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        params,
        body: content
          ? Object.fromEntries(Object.entries(content).map(([type, c]) => [type, deref(c.schema)]))
          : undefined,
        groupScope: params.some((p) => p.component === 'GroupScope'),
        statuses: Object.keys(op.responses as Json),
      })
    }
  }
  return list
}

export type IdKind =
  | 'user'
  | 'group'
  | 'device'
  | 'deviceModel'
  | 'delivery'
  | 'rule'
  | 'reading'
  | 'attachment'
  | 'apiKey'
  | 'channel'
  | 'alarm'

/** Path parameters are named by their component; query and body fields by their name. */
const KIND_OF_COMPONENT: Record<string, IdKind> = {
  UserId: 'user',
  GroupId: 'group',
  DeviceId: 'device',
  DeliveryId: 'delivery',
  RuleId: 'rule',
  ReadingId: 'reading',
  AttachmentId: 'attachment',
  ApiKeyId: 'apiKey',
  ReportDeviceIds: 'device',
  ChannelId: 'channel',
  AlarmId: 'alarm',
}
const KIND_OF_FIELD: Record<string, IdKind> = {
  user_id: 'user',
  group_id: 'group',
  device_id: 'device',
  device_ids: 'device',
  device_model_id: 'deviceModel',
  delivery_id: 'delivery',
  rule_id: 'rule',
  reading_id: 'reading',
  attachment_id: 'attachment',
  channel_id: 'channel',
  channel_ids: 'channel',
  alarm_id: 'alarm',
}

/** Where an operation takes an object id: a path or query parameter, or a body field. */
export interface IdSlot {
  in: 'path' | 'query' | 'body'
  /** Parameter name, or the body field's path (arrays at index 0). */
  name: string
  path: Array<string | number>
  /** Undefined when nothing says which object it names: the tenancy test then fails. */
  kind: IdKind | undefined
  /** An array of ids. */
  many: boolean
  /** The oneOf branch of the body it belongs to. */
  variant: number
}

/** Fields named like ids that name no stored object (a log filter by request id). */
const NOT_OBJECT_IDS = new Set(['request_id'])

const isUuid = (s: Json | undefined) => s?.format === 'uuid'
const looksLikeId = (name: string, schema: Json) => {
  const items = schema.items ? deref(schema.items) : undefined
  if (NOT_OBJECT_IDS.has(name)) return false
  return (
    isUuid(schema) ||
    isUuid(items) ||
    /(^id$|_ids?$)/.test(name) ||
    (schema.type === 'integer' && name === 'id')
  )
}

/** The body's alternatives: the branches of a top-level oneOf, or the schema itself. */
export function bodyVariants(schema: Json): Json[] {
  const oneOf = schema.oneOf as Json[] | undefined
  return oneOf ? oneOf.map((branch) => deref(branch)) : [schema]
}

function bodySlots(schema: Json, variant: number): IdSlot[] {
  const slots: IdSlot[] = []
  const walk = (node: Json, path: Array<string | number>, depth: number) => {
    if (depth > 8) return
    for (const branch of [...((node.oneOf as Json[]) ?? []), ...((node.allOf as Json[]) ?? [])])
      walk(deref(branch), path, depth + 1)
    for (const [name, raw] of Object.entries((node.properties as Json | undefined) ?? {})) {
      const prop = deref(raw)
      if (looksLikeId(name, prop)) {
        const many = prop.type === 'array'
        slots.push({
          in: 'body',
          name: [...path, name].join('.'),
          path: [...path, name],
          kind: KIND_OF_FIELD[name],
          many,
          variant,
        })
      } else if (prop.type === 'array' && prop.items) {
        walk(deref(prop.items), [...path, name, 0], depth + 1)
      } else if (prop.properties || prop.oneOf || prop.allOf) {
        walk(prop, [...path, name], depth + 1)
      }
    }
  }
  walk(schema, [], 0)
  return slots
}

/**
 * Every place an operation takes an id of a tenant object. X-Group-ID is left out: it is the
 * scope itself (api/tenancy.test.ts shows it is ignored for admins and users).
 */
export function idSlots(op: ContractOperation): IdSlot[] {
  const slots: IdSlot[] = []
  for (const p of op.params) {
    if ((p.in !== 'path' && p.in !== 'query') || !looksLikeId(p.name, p.schema)) continue
    slots.push({
      in: p.in,
      name: p.name,
      path: [p.name],
      kind: (p.component && KIND_OF_COMPONENT[p.component]) || KIND_OF_FIELD[p.name],
      many: p.schema.type === 'array',
      variant: 0,
    })
  }
  const json = op.body?.['application/json'] ?? op.body?.['multipart/form-data']
  if (json) bodyVariants(json).forEach((v, i) => slots.push(...bodySlots(v, i)))
  return slots
}

let counter = 0
/** Unique per process: e-mail addresses, serial numbers and names must not collide. */
const unique = (prefix: string) => `${prefix}${++counter}${randomUUID().slice(0, 6)}`

/** A valid instance of a schema: its first example, else one built from its constraints. */
export function sample(raw: unknown, depth = 0): unknown {
  const schema = deref(raw)
  const examples = schema.examples as unknown[] | undefined
  if (examples?.length) return structuredClone(examples[0])
  if (schema.example !== undefined) return structuredClone(schema.example)
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return structuredClone(schema.default)
  if (Array.isArray(schema.enum)) return schema.enum[0]
  if (schema.oneOf) return sample((schema.oneOf as Json[])[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'object': {
      const out: Json = {}
      const props = (schema.properties as Json | undefined) ?? {}
      for (const key of (schema.required as string[] | undefined) ?? [])
        if (depth < 6) out[key] = sample(props[key], depth + 1)
      return out
    }
    case 'array':
      return Array.from({ length: (schema.minItems as number | undefined) ?? 0 }, () =>
        sample(schema.items, depth + 1),
      )
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1
    case 'boolean':
      return false
    case 'string':
      switch (schema.format) {
        case 'uuid':
          return randomUUID()
        case 'date-time':
          return new Date().toISOString()
        case 'date':
          return new Date().toISOString().slice(0, 10)
        case 'email':
          return `${unique('sample')}@example.test`
      }
      return 'x'.repeat(Math.max(1, (schema.minLength as number | undefined) ?? 1))
    default:
      return null
  }
}

/** Sets `value` at `path`, making the objects and arrays on the way. */
export function setAt(target: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path as [string | number, ...Array<string | number>]
  const container = (
    target && typeof target === 'object' ? target : typeof head === 'number' ? [] : {}
  ) as Record<string | number, unknown>
  container[head] = setAt(container[head], rest, value)
  return container
}

/** Fields that must be new on every call (unique in the database). */
const FRESH: Record<string, () => string> = {
  email: () => `${unique('u')}@example.test`,
  serial_number: () => unique('SN-'),
}

function freshen(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => freshen(v))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, freshen(v, k)]))
  if (key && FRESH[key] && typeof value === 'string') return FRESH[key]()
  if (key === 'name' && typeof value === 'string') return `${value} ${unique('')}`.slice(0, 100)
  return value
}

/** The parts of one request before encoding, so generators can change any of them. */
export interface RequestParts {
  path: Record<string, string>
  query: Record<string, string | string[]>
  headers: Record<string, string>
  body?: unknown
  mediaType?: string
}

/** Which id to put where: the caller's own objects by default. */
export type IdSource = (kind: IdKind, slot: IdSlot) => string

/**
 * A valid request of an operation: required query parameters from their examples, the body
 * from its (branch's) example with unique fields made fresh, and every id slot filled by `ids`.
 */
export function validRequest(
  op: ContractOperation,
  ids: IdSource,
  options: { variant?: number } = {},
): RequestParts {
  const variant = options.variant ?? 0
  const slots = idSlots(op)
  const parts: RequestParts = { path: {}, query: {}, headers: {} }
  for (const p of op.params) {
    const slot = slots.find((s) => s.in === p.in && s.name === p.name)
    if (p.in === 'path') {
      parts.path[p.name] = slot?.kind ? ids(slot.kind, slot) : String(p.example ?? sample(p.schema))
    } else if (p.in === 'query' && p.required) {
      const value = slot?.kind ? ids(slot.kind, slot) : (p.example ?? sample(p.schema))
      parts.query[p.name] = Array.isArray(value) ? value.map(String) : String(value)
    }
  }
  const mediaType = op.body && Object.keys(op.body)[0]
  if (op.body && mediaType) {
    const schema = bodyVariants(op.body[mediaType]!)[variant]!
    let body = freshen(sample(schema))
    for (const slot of slots.filter((s) => s.in === 'body' && s.variant === variant)) {
      const present = slot.path.reduce<unknown>((at, k) => (at as Json | undefined)?.[k], body)
      if (!slot.kind || present === undefined) continue
      const id = ids(slot.kind, slot)
      body = setAt(body, slot.path, slot.many ? [id] : id)
    }
    parts.body = body
    parts.mediaType = mediaType
  }
  return parts
}

/** A tiny valid PNG for photo fields. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

/** A multipart body; `photo`-like binary fields become a PNG file unless given as a Buffer. */
export function multipart(
  fields: Record<string, unknown>,
  binaryFields: string[] = [],
): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomUUID().replace(/-/g, '')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    const file = binaryFields.includes(name) || Buffer.isBuffer(value)
    const head = file
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="meter.png"\r\nContent-Type: image/png\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
    chunks.push(Buffer.from(head))
    chunks.push(
      Buffer.isBuffer(value)
        ? value
        : file
          ? PNG
          : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
    )
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** Binary fields of a body schema (`format: binary`). */
export function binaryFields(schema: Json | undefined): string[] {
  return Object.entries((schema?.properties as Json | undefined) ?? {})
    .filter(([, s]) => deref(s).format === 'binary')
    .map(([name]) => name)
}

/** encodeURIComponent, except that a lone surrogate becomes its three (invalid) UTF-8 bytes. */
function encodePathPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return [...value]
      .map((ch) => {
        const cp = ch.codePointAt(0)!
        if (cp < 0xd800 || cp > 0xdfff) return encodeURIComponent(ch)
        return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('')
      })
      .join('')
  }
}

/** The request as app.inject takes it: path filled in, query repeated for arrays, body encoded. */
export function toInject(op: ContractOperation, parts: RequestParts): InjectOptions {
  const url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodePathPart(parts.path[name] ?? ''),
  )
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(parts.query))
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v)
  const qs = query.toString()
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: qs ? `${url}?${qs}` : url,
    headers: { ...parts.headers },
  }
  if (parts.body === undefined || !parts.mediaType) return options
  if (parts.mediaType === 'multipart/form-data') {
    const { payload, contentType } = multipart(
      parts.body as Json,
      binaryFields(op.body?.[parts.mediaType]),
    )
    options.payload = payload
    options.headers = { ...options.headers, 'content-type': contentType }
  } else if (parts.mediaType === 'application/x-www-form-urlencoded') {
    options.payload = new URLSearchParams(
      Object.entries(parts.body as Json).map(([k, v]) => [k, String(v)]),
    ).toString()
    options.headers = { ...options.headers, 'content-type': parts.mediaType }
  } else {
    options.payload = JSON.stringify(parts.body)
    options.headers = { ...options.headers, 'content-type': parts.mediaType }
  }
  return options
}
