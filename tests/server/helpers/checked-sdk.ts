import { expect } from 'vitest'
import * as sdk from '~/api/__generated__/sdk.gen.ts'
import type { TestApp } from './build.ts'
import { PASSWORD, USERS, type UserKey } from './fixtures.ts'
import { injectClient, type Exchange } from './sdk-client.ts'
import { responseValidator } from './spec.ts'

const validate = responseValidator()

export type Api = ReturnType<typeof injectClient>

/** A generated-SDK client signed in as a fixture user (optionally scoped by X-Group-ID). */
export async function signedIn(t: TestApp, user: UserKey, groupId?: string): Promise<Api> {
  const api = injectClient(t.app, { groupId })
  await sdk.login({ client: api.client, body: { username: USERS[user].email, password: PASSWORD } })
  expect(api.last().status).toBe(200)
  return api
}

/**
 * Runs one SDK call, expects `status`, and validates the answer against the contract's response
 * schema for that status and content type. Returns the exchange (body parsed when JSON).
 */
export async function checked(
  api: Api,
  operationId: string,
  status: number,
  call: () => Promise<unknown>,
): Promise<Exchange> {
  await call()
  const exchange = api.last()
  const shown = typeof exchange.body === 'string' ? exchange.body.slice(0, 300) : exchange.body
  expect(exchange.status, `${operationId}: ${JSON.stringify(shown)}`).toBe(status)
  // The contract declares images as `image/*`: a concrete image type answers that entry.
  const type = exchange.contentType.startsWith('image/') ? 'image/*' : exchange.contentType
  const errors = validate(operationId, exchange.status, type, exchange.body)
  expect(errors, `${operationId} ${status} does not match the contract`).toEqual([])
  return exchange
}
