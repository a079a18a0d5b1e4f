import type { TestApp } from './build.ts'
import { USERS, type UserKey } from './fixtures.ts'

/**
 * An API key with the role (and group) of each fixture caller: tenant keys in the caller's group,
 * elevated keys unscoped (they choose a group with X-Group-ID, as the person does). Made through
 * the API by the caller (a user's key by its admin: users may not create keys). Their last use
 * is set ahead, so using them writes nothing a tenant snapshot would see.
 */
export async function apiKeysOf(t: TestApp, callers: readonly UserKey[]) {
  const keys = {} as Record<UserKey, string>
  for (const caller of callers) {
    const response = await t.call(await t.as(keyCreator(caller)), {
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: `Key of ${caller}`, role: USERS[caller].role },
    })
    if (response.statusCode !== 201) throw new Error(`API key of ${caller}: ${response.body}`)
    keys[caller] = response.json().key
  }
  await t.db.query(`UPDATE api_keys SET last_used_at = now() + interval '1 day'`)
  return keys
}

/** Who makes the key of `caller`'s role: the caller, or for a user their group's admin. */
export const keyCreator = (caller: UserKey): UserKey =>
  USERS[caller].role !== 'user' ? caller : caller === 'user2' ? 'admin2' : 'admin'

/** Headers that make a request the key's: Bearer, no cookie. */
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
