import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Ajv } from 'ajv'
import { parse } from 'yaml'

// The contract as the server reads it: openapi.yaml and the validator's settings. app.ts routes
// by them and modules/mqtt/payload.ts validates device payloads by them, so they live below both
// (in app.ts, payload.ts -> app.ts closed a cycle through the MQTT service app.ts imports).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const specPath = path.join(root, 'openapi.yaml')

/**
 * The contract as the router needs it. ajv's `discriminator` support (clean errors for oneOf
 * unions) refuses `mapping`, which only repeats the branches' `const` tags: drop it. It also
 * lets anything that is not an object through (`123` passed as a rule): say `type: object`.
 * Header parameters are named in lower case, as Node gives them: Fastify lower-cases a header
 * schema only for its own validator compiler, not for validatorsByPart.
 */
export function loadSpecification(file = specPath): Record<string, unknown> {
  const spec = parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(strip)
    if (!node || typeof node !== 'object') return
    const record = node as Record<string, unknown>
    if (record.in === 'header' && typeof record.name === 'string')
      record.name = record.name.toLowerCase()
    const discriminator = record.discriminator as Record<string, unknown> | undefined
    if (discriminator && typeof discriminator === 'object') {
      delete discriminator.mapping
      record.type ??= 'object'
    }
    Object.values(record).forEach(strip)
  }
  strip(spec)
  return spec
}

/**
 * RFC 3339 allows a leap second (23:59:60Z) and the validator's `date-time` takes it, but no
 * JavaScript date can hold it: such a value would reach SQL as an invalid date. A `date-time` must
 * also be an instant every part of the server can carry and write back: PostgreSQL has no year 0
 * (JavaScript's year 0 is 1 BC), and an answer shows instants in the viewer's zone, rounded out to
 * whole months, where 9999-12-31T23:59Z is already year 10000, which RFC 3339 cannot write. So the
 * API takes the years 1000 to 8999 (UTC), far beyond any meter's, and refuses the rest with a 422.
 */
const FIRST_INSTANT = Date.parse('1000-01-01T00:00:00Z')
const LAST_INSTANT = Date.parse('8999-12-31T23:59:59.999Z')

function isStorableInstant(value: string): boolean {
  const ms = Date.parse(value)
  return ms >= FIRST_INSTANT && ms <= LAST_INSTANT
}

function instantDateTimes(ajv: Ajv): void {
  const rfc3339 = ajv.formats['date-time'] as { validate: (s: string) => boolean }
  // The last answer is kept: a bulk push's readings come in runs of one timestamp (a gateway
  // reports its meters' quarter hour together), and checking 5,000 costs milliseconds.
  let last: string | undefined
  let lastValid = false
  ajv.addFormat('date-time', {
    ...rfc3339,
    validate: (value: string) => {
      if (value !== last) {
        last = value
        lastValid = rfc3339.validate(value) && isStorableInstant(value)
      }
      return lastValid
    },
  })
}

/**
 * A `uuid` is the canonical 8-4-4-4-12 hex text. The validator's default also takes a
 * `urn:uuid:` prefix, which PostgreSQL cannot read and the server's binary arrays do not encode.
 */
function canonicalUuids(ajv: Ajv): void {
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
}

/**
 * The validator's settings, for the routes and for anything else validated against the contract
 * (MQTT payloads, modules/mqtt/payload.ts).
 */
export const ajvSettings = {
  customOptions: {
    allErrors: true,
    strict: false,
    // JSON reads 1e400 as Infinity, which `strict: false` would take as a number (and store).
    strictNumbers: true,
    // For text only: JSON bodies get `false` (validatorsByPart).
    coerceTypes: 'array' as const,
    useDefaults: true,
    removeAdditional: false,
    discriminator: true,
  },
  onCreate: (ajv: Ajv) => {
    instantDateTimes(ajv)
    canonicalUuids(ajv)
  },
}
