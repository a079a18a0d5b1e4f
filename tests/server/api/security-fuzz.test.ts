import type { LightMyRequestResponse } from 'fastify'
import { permissions, type OperationId } from '~/server/permissions.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type Session, type TestApp } from '../helpers/build.ts'
import { contractOperations, type IdKind } from '../helpers/contract-inputs.ts'
import { fuzzCase, prng, seedFor } from '../helpers/fuzz.ts'
import type { UserKey } from '../helpers/fixtures.ts'
import { requestBodyValidator, responseValidator } from '../helpers/spec.ts'
import { createTenantObjects, missingId, type TenantObjects } from '../helpers/tenant-objects.ts'

/**
 * Schema-driven fuzzing of every operation of openapi.yaml: each case is a valid request (own
 * ids, the contract's examples) with one thing broken (wrong types, huge strings, `__proto__`
 * keys, control characters, NaN and Infinity, far timestamps, missing and extra fields, wrong
 * content types, malformed JSON and multipart, bad paths, queries and headers), sent by a signed-in
 * developer or admin. Every answer must be below 500 and valid against the contract (status and
 * body), carry the security headers and never echo the session's token. A JSON body that the
 * contract's schema refuses, read as sent (no type coercion: a null is not 0), is never accepted.
 *
 * FUZZ_SEED replays a run (the seed is printed); FUZZ_CASES sets the cases per operation (50 on
 * PGlite, 15 on PostgreSQL).
 */
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ process.pid) >>> 0
/**
 * The full fuzz on PGlite; a shorter one on PostgreSQL, where the same validation and handlers run
 * and only the database under them differs (each run has its own seed, so runs add up).
 */
const CASES = Number(process.env.FUZZ_CASES ?? (process.env.TEST_DATABASE_URL ? 15 : 50))
const ops = contractOperations()

let t: TestApp
let objects: TenantObjects
const validate = responseValidator()
const validBody = requestBodyValidator()
let total = 0
/** The token of tenant A's device: operations only a device may call are fuzzed with it. */
let deviceToken: string
/** JSON bodies checked against the contract, and how many of them it refuses. */
const bodies = { checked: 0, invalid: 0 }

beforeAll(async () => {
  console.info(`security-fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED})`)
  t = await build()
  objects = await createTenantObjects(t)
  const issued = await t.call(await t.as('admin'), {
    method: 'POST',
    url: `/api/v1/devices/${objects.ids.A.device}/credentials`,
  })
  deviceToken = issued.json().token
})
afterAll(async () => {
  console.info(
    `security-fuzz: ${total} requests (${bodies.checked} JSON bodies checked, ${bodies.invalid} invalid), seed ${SEED}`,
  )
  await t?.close()
})

/** Objects a fuzz case may name. Deletes get missing ids: a valid-looking case may succeed. */
const idsFor = (caller: UserKey, method: string) => (kind: IdKind) => {
  if (method === 'DELETE') return missingId(kind)
  return kind === 'delivery' ? objects.deliveryOf[caller] : objects.ids.A[kind]
}

/** Sign-out and refresh would end the session the other cases use: they get one of their own. */
async function sessionFor(operationId: string, caller: UserKey): Promise<Session> {
  if (operationId === 'logout' || operationId === 'refreshSession')
    return t.login(`${caller}@demo.local`)
  return t.as(caller)
}

const bodyOf = (response: LightMyRequestResponse): unknown => {
  const type = String(response.headers['content-type'] ?? '')
  if (!type.includes('json')) return response.body
  try {
    return response.json()
  } catch {
    return Symbol('unparseable JSON')
  }
}

function problemsOf(
  operationId: string,
  response: LightMyRequestResponse,
  session: Session,
): string[] {
  const problems: string[] = []
  const status = response.statusCode
  if (status >= 500) problems.push(`answered ${status}`)
  const type = String(response.headers['content-type'] ?? '')
  const body = bodyOf(response)
  if (typeof body === 'symbol') problems.push('body is not JSON')
  else problems.push(...validate(operationId, status, type, body).map((e) => `contract: ${e}`))
  if (response.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff header')
  if (!String(response.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"))
    problems.push('no CSP frame-ancestors')
  if (response.body.includes(session.access) || response.body.includes(session.refresh))
    problems.push('the session token is in the body')
  return problems
}

describe(`fuzzing every operation of the contract (${CASES} cases each)`, () => {
  for (const op of ops) {
    it(`${op.operationId} answers bad input without 5xx, as the contract says, and no invalid body accepted`, async () => {
      const r = prng(seedFor(SEED, op.operationId))
      const failures: string[] = []
      for (let i = 0; i < CASES; i++) {
        const caller: UserKey = r.next() < 0.75 ? 'developer' : 'admin'
        const session = await sessionFor(op.operationId, caller)
        const { label, request, body, notUtf8 } = fuzzCase(op, r, idsFor(caller, op.method))
        const asDevice = permissions[op.operationId as OperationId] === 'device'
        const response = asDevice
          ? await t.call(null, {
              ...request,
              headers: { ...request.headers, authorization: `Bearer ${deviceToken}` },
            })
          : await t.call(session, request)
        total++
        const problems = problemsOf(op.operationId, response, session)
        if (response.body.includes(deviceToken)) problems.push('the device token is in the body')
        const valid = notUtf8
          ? false
          : body === undefined
            ? undefined
            : validBody(op.operationId, body)
        if (valid !== undefined) bodies.checked++
        if (valid === false) {
          bodies.invalid++
          if (response.statusCode < 300) problems.push('accepted a body the contract refuses')
        }
        if (problems.length > 0)
          failures.push(
            `#${i} ${caller} ${label}: ${problems.join('; ')} -> ${response.statusCode} ${response.body.slice(0, 160)}`,
          )
      }
      expect(failures, `seed ${SEED} (FUZZ_SEED=${SEED} replays)`).toEqual([])
    })
  }
})
