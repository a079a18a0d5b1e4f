import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERSON_ONLY, permissions, type OperationId } from '~/server/permissions.ts'
import { handlers } from '~/server/modules/index.ts'
import type { Role } from '~/server/db/database.ts'
import { apiKeysOf, bearer, keyCreator } from '../helpers/api-keys.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { USERS, type UserKey } from '../helpers/fixtures.ts'
import { operations } from '../helpers/spec.ts'
import { requestFor } from '../helpers/requests.ts'

const ops = operations()

describe('the permission table', () => {
  it('has an entry for every operation of openapi.yaml, and no other', () => {
    const inSpec = ops.map((o) => o.operationId).sort()
    expect(Object.keys(permissions).sort()).toEqual(inSpec)
  })

  it('makes public exactly the operations the contract marks security: [] (plus logout)', () => {
    const publicInTable = Object.entries(permissions)
      .filter(([, rule]) => rule === 'public')
      .map(([id]) => id)
    const publicInSpec = ops.filter((o) => o.public).map((o) => o.operationId)
    expect(publicInTable.sort()).toEqual([...publicInSpec, 'logout'].sort())
  })

  it('has a handler for every operation', () => {
    expect(Object.keys(handlers).sort()).toEqual(ops.map((o) => o.operationId).sort())
  })
})

describe('role x operation matrix', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await build()
  })
  afterAll(async () => t?.close())

  const callers: UserKey[] = ['developer', 'superuser', 'admin', 'user']

  it('anonymous callers get 401 on every non-public operation', async () => {
    for (const op of ops.filter(
      (o) => permissions[o.operationId as keyof typeof permissions] !== 'public',
    )) {
      const response = await t.call(null, requestFor(op, t.fx, 'admin'))
      expect(response.statusCode, `${op.operationId}: ${response.body}`).toBe(401)
      expect(response.json().code).toBe('not_authenticated')
    }
  })

  for (const caller of callers) {
    it(`${caller}: allowed operations pass the permission check, the others answer 403`, async () => {
      const session = await t.as(caller)
      for (const op of ops) {
        const rule = permissions[op.operationId as keyof typeof permissions]
        if (rule === 'public') continue
        const allowed = rule.includes(USERS[caller].role as Role)
        const response = await t.call(session, requestFor(op, t.fx, caller))
        const label = `${caller} ${op.operationId}: ${response.statusCode} ${response.body.slice(0, 200)}`
        if (!allowed) {
          expect(response.statusCode, label).toBe(403)
          expect(response.json().code, label).toBe('forbidden')
        } else {
          expect([401, 403], label).not.toContain(response.statusCode)
          expect(response.statusCode, label).toBeLessThan(500)
        }
      }
    })
  }

  it('an API key of each role passes exactly where a person of that role does', async () => {
    const keys = await apiKeysOf(t, callers)
    for (const caller of callers) {
      for (const op of ops) {
        const rule = permissions[op.operationId as keyof typeof permissions]
        if (rule === 'public') continue
        const allowed =
          rule !== 'device' &&
          rule.includes(USERS[caller].role as Role) &&
          !PERSON_ONLY.has(op.operationId as OperationId)
        // A key acts for its creator: "my own" objects are the creator's.
        const request = requestFor(op, t.fx, keyCreator(caller))
        const response = await t.call(null, {
          ...request,
          headers: { ...request.headers, ...bearer(keys[caller]) },
        })
        const label = `${caller} key ${op.operationId}: ${response.statusCode} ${response.body.slice(0, 200)}`
        if (!allowed) {
          expect(response.statusCode, label).toBe(403)
        } else {
          expect([401, 403], label).not.toContain(response.statusCode)
          expect(response.statusCode, label).toBeLessThan(500)
        }
      }
    }
  })

  it('profile=true is for developers only', async () => {
    const op = ops.find((o) => o.operationId === 'getReading')!
    const request = requestFor(op, t.fx, 'admin')
    const url = `${request.url}?profile=true`
    expect((await t.call(await t.as('admin'), { ...request, url })).statusCode).toBe(403)
    expect((await t.call(await t.as('superuser'), { ...request, url })).statusCode).toBe(403)
    expect((await t.call(await t.as('developer'), { ...request, url })).statusCode).not.toBe(403)
  })

  it('profile=true means nothing where the contract does not declare it', async () => {
    const op = ops.find((o) => o.operationId === 'getCurrentUser')!
    const request = requestFor(op, t.fx, 'admin')
    const url = `${request.url}?profile=true`
    const plain = await t.call(await t.as('admin'), { ...request, url })
    expect(plain.statusCode).toBe(200)
    expect(plain.json()).not.toHaveProperty('profile')
    const developer = await t.call(await t.as('developer'), { ...request, url })
    expect(developer.headers['content-type']).toMatch(/^application\/json/)
  })
})
