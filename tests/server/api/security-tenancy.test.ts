import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAllowed, permissions, type OperationId } from '~/server/permissions.ts'
import type { Role } from '~/server/db/database.ts'
import { apiKeysOf, bearer } from '../helpers/api-keys.ts'
import { build, type TestApp } from '../helpers/build.ts'
import {
  bodyVariants,
  contractOperations,
  idSlots,
  setAt,
  toInject,
  validRequest,
  type ContractOperation,
  type IdSlot,
  type RequestParts,
} from '../helpers/contract-inputs.ts'
import { USERS, type UserKey } from '../helpers/fixtures.ts'
import { responseValidator } from '../helpers/spec.ts'
import {
  createTenantObjects,
  missingId,
  tenantSnapshot,
  type TenantObjects,
} from '../helpers/tenant-objects.ts'

/**
 * The tenant-breakout matrix, generated from openapi.yaml: every operation that takes an object
 * id (path, query or body), called by each role of tenant A (elevated users scoped to A with
 * X-Group-ID) with the id of tenant B's object of that kind. The answer must be the one a missing
 * id gets (404, or 403 where the role may not call the operation at all, 422 where a body or query
 * field names an unknown object), and neither tenant's rows may change. Each role calls twice: as
 * the person (session cookies) and as an API key of that role and group (Bearer, no cookie). A new
 * operation is covered without a change here; an id this file cannot build fails the first test.
 */

const ops = contractOperations()
const idTaking = ops.filter((op) => idSlots(op).length > 0)
const CALLERS: UserKey[] = ['developer', 'superuser', 'admin', 'user']
const isElevated = (caller: UserKey) => caller === 'developer' || caller === 'superuser'
/**
 * Elevated users choose the group of what they create or move (`group_id` in a body or query,
 * X-Group-ID being only the default): another group there is theirs to name.
 */
const choosesGroup = (caller: UserKey, slot: IdSlot) =>
  isElevated(caller) && slot.kind === 'group' && slot.in !== 'path'

/**
 * Operations that answer each item of a batch on its own (200 with per-item errors): a foreign id
 * must be refused in its item.
 */
const PER_ITEM: Record<string, (body: Record<string, unknown>) => boolean> = {
  bulkPushReadings: (body) =>
    (body.results as Array<{ status: string }>).every((r) => r.status === 'error'),
}

let t: TestApp
let objects: TenantObjects
let keys: Record<UserKey, string>
type Credential = 'session' | 'apiKey'
const CREDENTIALS: Credential[] = ['session', 'apiKey']
const validate = responseValidator()

beforeAll(async () => {
  t = await build()
  objects = await createTenantObjects(t)
  // Sessions and keys are rows of tenant A too: make them before any snapshot.
  for (const caller of CALLERS) await t.as(caller)
  keys = await apiKeysOf(t, CALLERS)
})
afterAll(async () => t?.close())

function place(parts: RequestParts, slot: IdSlot, id: string): RequestParts {
  const copy = structuredClone(parts)
  const value = slot.many ? [id] : id
  if (slot.in === 'path') copy.path[slot.name] = id
  else if (slot.in === 'query') copy.query[slot.name] = slot.many ? [id] : id
  else copy.body = setAt(copy.body, slot.path, value)
  return copy
}

const bodyOf = (response: LightMyRequestResponse) => {
  try {
    return response.json()
  } catch {
    return response.body
  }
}

/** Status and body with the two ids made alike, for comparing a foreign id with a missing one. */
const normalised = (response: LightMyRequestResponse, ids: string[]) => {
  let text = response.body
  for (const id of ids) text = text.split(id).join('<id>')
  return { status: response.statusCode, body: text }
}

/** Whether a 422 names the slot itself (and not some other field the generator got wrong). */
function namesSlot(response: LightMyRequestResponse, slot: IdSlot): boolean {
  const detail = bodyOf(response)?.detail
  if (!Array.isArray(detail)) return false
  const where = [slot.in, ...slot.path.filter((p) => typeof p === 'string' || p !== 0)]
  return detail.some((issue: { loc: Array<string | number> }) => {
    const loc = issue.loc.filter((p) => typeof p === 'string')
    return where.every((part, i) => typeof part !== 'string' || loc[i] === part)
  })
}

interface Outcome {
  caller: UserKey
  credential: Credential
  slot: IdSlot
  foreign: LightMyRequestResponse
  missing: LightMyRequestResponse
  foreignId: string
  missingId: string
}

/** What is wrong with the answer to a foreign id, if anything. */
function problemsOf(op: ContractOperation, o: Outcome): string[] {
  const who = o.credential === 'apiKey' ? `${o.caller} (API key)` : o.caller
  const label = `${who} ${op.operationId} ${o.slot.in}:${o.slot.name}`
  const status = o.foreign.statusCode
  const said = `${status} ${o.foreign.body.slice(0, 200)}`
  const problems: string[] = []
  const contract = validate(
    op.operationId,
    status,
    String(o.foreign.headers['content-type'] ?? ''),
    bodyOf(o.foreign),
  )
  if (contract.length > 0) problems.push(`${label}: answer not in the contract: ${contract[0]}`)
  const role = USERS[o.caller].role as Role
  const rule = permissions[op.operationId as OperationId]
  if (!isAllowed(rule, role)) {
    if (status !== 403) problems.push(`${label}: role may not call it, expected 403, got ${said}`)
    return problems
  }
  const a = normalised(o.foreign, [o.foreignId, o.missingId])
  const b = normalised(o.missing, [o.foreignId, o.missingId])
  if (a.status !== b.status || a.body !== b.body)
    problems.push(
      `${label}: another tenant's id answers ${said}, a missing id ${o.missing.statusCode} ${o.missing.body.slice(0, 200)}`,
    )
  const allowed = o.slot.in === 'path' ? [403, 404] : [403, 404, 422]
  if (status >= 200 && status < 300) {
    const perItem = PER_ITEM[op.operationId]
    if (op.method !== 'GET' && !(perItem && perItem(bodyOf(o.foreign))))
      problems.push(`${label}: accepted another tenant's id: ${said}`)
    if (op.method === 'GET' && o.slot.in === 'path')
      problems.push(`${label}: read another tenant's object: ${said}`)
  } else if (!allowed.includes(status)) {
    problems.push(`${label}: expected ${allowed.join(' or ')}, got ${said}`)
  } else if (status === 422 && !namesSlot(o.foreign, o.slot)) {
    problems.push(`${label}: 422 for another field (the generated request is wrong): ${said}`)
  }
  return problems
}

async function callWith(
  op: ContractOperation,
  caller: UserKey,
  credential: Credential,
  slot: IdSlot,
): Promise<Outcome> {
  const own = (kind: keyof TenantObjects['ids']['A']) =>
    kind === 'delivery' ? objects.deliveryOf[caller] : objects.ids.A[kind]
  const base = validRequest(op, own, { variant: slot.variant })
  // A partial update (no required field) is sent with the id alone: the example's other fields
  // may not fit the object (threshold fields on an offline rule).
  const schema = op.body && bodyVariants(Object.values(op.body)[0]!)[slot.variant]
  if (slot.in === 'body' && schema && !schema.required) base.body = {}
  if (isElevated(caller)) base.headers['x-group-id'] = t.fx.groups.A
  if (credential === 'apiKey') Object.assign(base.headers, bearer(keys[caller]))
  const session = credential === 'session' ? await t.as(caller) : null
  const foreignId = objects.ids.B[slot.kind!]
  const absent = missingId(slot.kind!)
  const foreign = await t.call(session, toInject(op, place(base, slot, foreignId)))
  const missing = await t.call(session, toInject(op, place(base, slot, absent)))
  return { caller, credential, slot, foreign, missing, foreignId, missingId: absent }
}

describe('tenant breakout, generated from openapi.yaml', () => {
  it('knows which object every id of every operation names', () => {
    const unknown = idTaking.flatMap((op) =>
      idSlots(op)
        .filter((slot) => !slot.kind)
        .map((slot) => `${op.operationId} ${slot.in}:${slot.name}`),
    )
    expect(
      unknown,
      'name the kind in KIND_OF_COMPONENT/KIND_OF_FIELD (contract-inputs.ts) and create an object of it in tenant-objects.ts',
    ).toEqual([])
    // The generator found the id-taking operations (a broken walk would find none).
    expect(idTaking.length).toBeGreaterThanOrEqual(40)
    const where = new Set(idTaking.flatMap((op) => idSlots(op).map((s) => s.in)))
    expect([...where].sort()).toEqual(['body', 'path', 'query'])
  })

  for (const op of idTaking) {
    it(`${op.operationId}: another tenant's ids answer like missing ones and change nothing`, async () => {
      const before = {
        A: await tenantSnapshot(t, t.fx.groups.A),
        B: await tenantSnapshot(t, t.fx.groups.B),
      }
      const problems: string[] = []
      for (const caller of CALLERS) {
        // Unscoped, elevated users act on every group: another tenant's id is theirs to use.
        if (isElevated(caller) && !op.groupScope) continue
        for (const slot of idSlots(op).filter((s) => s.kind && !choosesGroup(caller, s))) {
          for (const credential of CREDENTIALS)
            problems.push(...problemsOf(op, await callWith(op, caller, credential, slot)))
        }
      }
      expect(problems).toEqual([])
      expect(await tenantSnapshot(t, t.fx.groups.B), 'tenant B changed').toEqual(before.B)
      expect(await tenantSnapshot(t, t.fx.groups.A), 'tenant A changed').toEqual(before.A)
    })
  }
})
