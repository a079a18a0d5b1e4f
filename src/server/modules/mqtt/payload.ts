import AjvCompiler from '@fastify/ajv-compiler'
import { ajvSettings, loadSpecification } from '~/server/contract.ts'

/** One reading a device publishes about itself: openapi.yaml's `DeviceReading`. */
export interface DeviceReading {
  timestamp: string
  kwh: number
  export_kwh?: number
  status?: 'online' | 'offline'
}

export type ParsedPayload = { ok: true; readings: DeviceReading[] } | { ok: false; reason: string }

/** openapi.yaml's schemas a payload must match (asyncapi.yaml references the same). */
export const PAYLOAD_SCHEMAS = { single: 'DeviceReading', batch: 'DeviceReadingsPush' } as const

type Validate = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; message?: string }> | null
}

/**
 * The contract's schemas, compiled with the routes' validator settings but without coercion (a
 * payload is JSON: `null` is not 0). Compiled on first use, not at import: a process that never
 * reads a payload does not pay for compiling the contract's schemas.
 */
let validators: { single: Validate; batch: Validate } | undefined

function compile(): { single: Validate; batch: Validate } {
  const spec = loadSpecification()
  const build = AjvCompiler()(
    { openapi: { $id: 'openapi', components: spec.components } },
    { ...ajvSettings, customOptions: { ...ajvSettings.customOptions, coerceTypes: false } },
  )
  const of = (name: string) =>
    build({
      schema: { $ref: `openapi#/components/schemas/${name}` },
      method: 'POST',
      url: '/mqtt',
      httpPart: 'body',
    }) as Validate
  return { single: of(PAYLOAD_SCHEMAS.single), batch: of(PAYLOAD_SCHEMAS.batch) }
}

function describe(validate: Validate): string {
  return (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
    .join('; ')
}

/**
 * Reads an MQTT payload: `{ readings: [...] }` (DeviceReadingsPush) or one `{ timestamp, kwh,
 * export_kwh?, status? }` (DeviceReading), validated by the same schemas as the HTTP endpoint. A refusal says
 * why, for the log.
 */
export function parsePayload(payload: Buffer | string): ParsedPayload {
  validators ??= compile()
  let data: unknown
  try {
    data = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'))
  } catch {
    return { ok: false, reason: 'payload is not JSON' }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, reason: 'payload is not a JSON object' }
  const isBatch = 'readings' in data
  const validate = isBatch ? validators.batch : validators.single
  if (!validate(data)) return { ok: false, reason: describe(validate) }
  return {
    ok: true,
    readings: isBatch ? (data as { readings: DeviceReading[] }).readings : [data as DeviceReading],
  }
}
