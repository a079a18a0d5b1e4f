import type { FastifyInstance, FastifyRequest } from 'fastify'
import { invalid } from '../lib/http-errors.ts'
import fp from 'fastify-plugin'

const nonFinite = (value: unknown) => typeof value === 'number' && !Number.isFinite(value)

/**
 * The validator coerces query and path text to numbers and takes "Infinity" or "1e400" as one
 * (within any minimum): such a value would reach SQL and fail there. Refused like other bad
 * input, after validation and before any handler.
 */
export const finiteNumbers = fp(
  async function finiteNumbers(app: FastifyInstance) {
    app.addHook('preHandler', async (request: FastifyRequest) => {
      for (const [part, values] of [
        ['query', request.query],
        ['path', request.params],
      ] as const) {
        if (!values || typeof values !== 'object') continue
        for (const [name, value] of Object.entries(values)) {
          const list: unknown[] = Array.isArray(value) ? value : [value]
          if (list.some(nonFinite)) throw invalid([part, name], 'Must be a finite number')
        }
      }
    })
  },
  { name: 'finite-numbers', dependencies: [] },
)
