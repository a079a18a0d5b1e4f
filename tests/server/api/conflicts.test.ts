import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import { build, type TestApp } from '../helpers/build.ts'
import { checked, signedIn, type Api } from '../helpers/checked-sdk.ts'
import { GROUPS, USERS } from '../helpers/fixtures.ts'

/**
 * E-mail addresses and group names are unique across tenants, and a 409 must not tell a tenant's
 * admin what another tenant holds: the clash is named only to a caller who can see the holder.
 */

let t: TestApp
let admin: Api
let superuser: Api
beforeAll(async () => {
  t = await build()
  admin = await signedIn(t, 'admin')
  superuser = await signedIn(t, 'superuser')
})
afterAll(async () => t?.close())

const newUser = (email: string) => ({
  email,
  full_name: 'New person',
  password: 'a-long-password-1',
  role: 'user' as const,
})

const holders = async (email: string) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
      [email],
    )
  ).rows[0]!.n

/** The answer's words, checked to name nothing of the other tenant. */
function expectUnnamed(body: unknown, ...secrets: string[]) {
  const text = JSON.stringify(body).toLowerCase()
  for (const secret of secrets) expect(text).not.toContain(secret.toLowerCase())
  expect(text).not.toContain('already exists')
}

describe('a taken e-mail address', () => {
  it("is not named to an admin when another tenant's account holds it, on create and on change", async () => {
    const created = await checked(admin, 'createUser', 409, () =>
      sdk.createUser({ client: admin.client, body: newUser(USERS.user2.email.toUpperCase()) }),
    )
    expect(created.body).toMatchObject({
      detail: 'This e-mail address cannot be used',
      code: 'duplicate',
    })
    expectUnnamed(created.body, USERS.user2.email)
    // Elevated accounts belong to no tenant: not the admin's to see either.
    const elevated = await checked(admin, 'createUser', 409, () =>
      sdk.createUser({ client: admin.client, body: newUser(USERS.superuser.email) }),
    )
    expect(elevated.body).toEqual(created.body)
    const changed = await checked(admin, 'updateUser', 409, () =>
      sdk.updateUser({
        client: admin.client,
        path: { id: t.fx.users.user },
        body: { email: USERS.admin2.email },
      }),
    )
    expect(changed.body).toEqual(created.body)
    // Still unique: one holder each, and the user kept the address.
    expect(await holders(USERS.user2.email)).toBe(1)
    expect(await holders(USERS.admin2.email)).toBe(1)
    expect(await holders(USERS.user.email)).toBe(1)
  })

  it("is named when the holder is in the admin's own tenant", async () => {
    const own = await checked(admin, 'createUser', 409, () =>
      sdk.createUser({ client: admin.client, body: newUser(USERS.user.email) }),
    )
    expect(own.body).toMatchObject({
      detail: `A user with e-mail ${USERS.user.email} already exists`,
      code: 'duplicate',
    })
  })

  it('is named to elevated users, who see every tenant', async () => {
    const response = await checked(superuser, 'createUser', 409, () =>
      sdk.createUser({
        client: superuser.client,
        body: { ...newUser(USERS.user2.email), group_id: t.fx.groups.A },
      }),
    )
    expect(response.body).toMatchObject({
      detail: `A user with e-mail ${USERS.user2.email} already exists`,
    })
    const wizard = await checked(superuser, 'createTenant', 409, () =>
      sdk.createTenant({
        client: superuser.client,
        body: {
          group: { name: 'Fresh tenant' },
          admin: { email: USERS.admin2.email, full_name: 'Ada', password: 'a-long-password-1' },
        },
      }),
    )
    expect(wizard.body).toMatchObject({
      detail: `A user with e-mail ${USERS.admin2.email} already exists`,
    })
  })
})

describe('a taken group name', () => {
  it("is not named to an admin renaming its group to another tenant's name", async () => {
    const response = await checked(admin, 'updateGroup', 409, () =>
      sdk.updateGroup({
        client: admin.client,
        path: { id: t.fx.groups.A },
        body: { name: GROUPS.B.toLowerCase() },
      }),
    )
    expect(response.body).toMatchObject({
      detail: 'This group name cannot be used',
      code: 'duplicate',
    })
    expectUnnamed(response.body, GROUPS.B)
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM groups WHERE id = $1', [
      t.fx.groups.A,
    ])
    expect(rows[0]!.name).toBe(GROUPS.A)
  })

  it('is named to elevated users', async () => {
    const created = await checked(superuser, 'createGroup', 409, () =>
      sdk.createGroup({ client: superuser.client, body: { name: GROUPS.B } }),
    )
    expect(created.body).toMatchObject({ detail: `A group named ${GROUPS.B} already exists` })
    const wizard = await checked(superuser, 'createTenant', 409, () =>
      sdk.createTenant({
        client: superuser.client,
        body: {
          group: { name: GROUPS.A },
          admin: { email: 'fresh@x.test', full_name: 'Ada', password: 'a-long-password-1' },
        },
      }),
    )
    expect(wizard.body).toMatchObject({ detail: `A group named ${GROUPS.A} already exists` })
  })
})
