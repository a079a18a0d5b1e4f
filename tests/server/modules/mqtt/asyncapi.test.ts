import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { specPath } from '~/server/contract.ts'
import { PAYLOAD_SCHEMAS } from '~/server/modules/mqtt/payload.ts'

const root = path.dirname(specPath)
const asyncapi = parse(fs.readFileSync(path.join(root, 'asyncapi.yaml'), 'utf8')) as {
  channels: Record<string, { address: string }>
  components: { messages: Record<string, { payload: { $ref?: string } }> }
}
const openapi = parse(fs.readFileSync(specPath, 'utf8')) as {
  components: { schemas: Record<string, unknown> }
}

// Redocly lints the document's shape (npm run lint:api) but does not resolve a reference into
// another file: this does, and ties the document to what the server validates with.
describe('asyncapi.yaml', () => {
  it("takes every payload schema from openapi.yaml by reference, the server's own", () => {
    const referenced = Object.values(asyncapi.components.messages).map((message) => {
      const ref = message.payload.$ref ?? ''
      expect(ref).toMatch(/^\.\/openapi\.yaml#\/components\/schemas\/\w+$/)
      const name = ref.split('/').pop()!
      expect(openapi.components.schemas[name], ref).toBeDefined()
      return name
    })
    expect(referenced.sort()).toEqual(Object.values(PAYLOAD_SCHEMAS).sort())
  })

  it('names the topic the server subscribes to', () => {
    expect(Object.values(asyncapi.channels).map((c) => c.address)).toEqual([
      'meterdeck/v1/devices/{deviceId}/readings',
    ])
  })
})
