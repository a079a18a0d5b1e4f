import fs from 'node:fs'
import { parse } from 'yaml'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { specPath } from '~/server/contract.ts'

export interface SpecOperation {
  operationId: string
  method: string
  path: string
  /** `security: []`: callable without a session. */
  public: boolean
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
  parameters: Array<{ name: string; in: string }>
  /** Takes an application/json body. */
  jsonBody: boolean
}

type Json = Record<string, unknown>

export const spec = parse(fs.readFileSync(specPath, 'utf8')) as Json

/** Every operation of openapi.yaml, with its parameters resolved. */
export function operations(): SpecOperation[] {
  const list: SpecOperation[] = []
  const resolve = (p: Json) =>
    typeof p.$ref === 'string'
      ? (((spec.components as Json).parameters as Json)[p.$ref.split('/').pop()!] as Json)
      : p
  for (const [path, item] of Object.entries(spec.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const operation = op as Json
      if (typeof operation !== 'object' || !operation.operationId) continue
      list.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        responses: operation.responses as SpecOperation['responses'],
        parameters: ((operation.parameters as Json[] | undefined) ?? []).map(
          resolve,
        ) as SpecOperation['parameters'],
        jsonBody: Boolean(
          (operation.requestBody as { content?: Json } | undefined)?.content?.['application/json'],
        ),
      })
    }
  }
  return list
}

/** The contract as one JSON Schema 2020-12 document, validated as is: no type coercion. */
function contractAjv() {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.addFormat('binary', true)
  ajv.addSchema({ ...spec, $id: 'openapi.json' })
  return ajv
}

const pointerTo = (path: string[]) =>
  `openapi.json#/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`

/**
 * Whether a JSON request body is valid as the contract's schema says, read as sent (a null is
 * not 0, a boolean not a name). Undefined when the operation takes no JSON body.
 */
export function requestBodyValidator() {
  const ajv = contractAjv()
  const byOperation = new Map(operations().map((o) => [o.operationId, o]))
  return (operationId: string, body: unknown): boolean | undefined => {
    const op = byOperation.get(operationId)
    if (!op?.jsonBody) return undefined
    const method = op.method.toLowerCase()
    const path = ['paths', op.path, method, 'requestBody', 'content', 'application/json', 'schema']
    return ajv.getSchema(pointerTo(path))!(body) as boolean
  }
}

/** JSON Schema 2020-12 validation of a response body against the contract. */
export function responseValidator() {
  const ajv = contractAjv()
  const byOperation = new Map(operations().map((o) => [o.operationId, o]))
  return (operationId: string, status: number, contentType: string, body: unknown): string[] => {
    const op = byOperation.get(operationId)
    if (!op) return [`unknown operation ${operationId}`]
    let response = op.responses[String(status)] ?? op.responses.default
    if (!response) return [`status ${status} is not in the contract of ${operationId}`]
    let base = ['paths', op.path, op.method.toLowerCase(), 'responses', String(status)]
    const ref = (response as { $ref?: string }).$ref
    if (ref) {
      base = ref.slice(2).split('/')
      response = ((spec.components as Json).responses as Json)[base.at(-1)!] as typeof response
    }
    if (!response.content)
      return body === '' || body === undefined || body === null
        ? []
        : [`${status} should have no body`]
    const exact = contentType.split(';')[0]!.trim()
    // `image/*` in the contract covers image/png in the answer.
    const type = response.content[exact] ? exact : `${exact.split('/')[0]}/*`
    if (!response.content[type])
      return [`content type ${exact} is not in the contract of ${operationId} ${status}`]
    const pointer = pointerTo([...base, 'content', type, 'schema'])
    const validate = ajv.getSchema(pointer)
    if (!validate) return [`no schema at ${pointer}`]
    // An event stream's schema is that of each event's data (the frames read so far).
    if (type === 'text/event-stream')
      return eventData(body).flatMap((data) =>
        validate(data)
          ? []
          : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`),
      )
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
  }
}

/** The JSON `data` of each event of a text/event-stream body. */
function eventData(body: unknown): unknown[] {
  if (typeof body !== 'string') return [body]
  return body
    .split('\n\n')
    .flatMap((frame) => frame.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => JSON.parse(line.slice(6)) as unknown)
}

let validateResponse: ReturnType<typeof responseValidator> | undefined

/** The answer is the operation's, as the contract words it. */
export function expectContract(operationId: string, response: LightMyRequestResponse) {
  validateResponse ??= responseValidator()
  const body = response.body ? response.json() : ''
  const type = String(response.headers['content-type'] ?? '')
  expect(validateResponse(operationId, response.statusCode, type, body), operationId).toEqual([])
}
