/**
 * API keys for stories: a small mutable list per call of `apiKeysHandlers`, so a story that
 * creates or revokes a key sees the change, and the one-time key of a create can be shown.
 */
import { HttpResponse, delay } from 'msw'
import type { ApiKey } from '../api'
import {
  handleCreateApiKey,
  handleDeleteApiKey,
  handleListApiKeys,
} from '../api/__generated__/msw.gen'
import { NOW, groups, users } from './fixtures'

const [northwind] = groups
const admin = users[2]!

export const apiKeys: ApiKey[] = [
  {
    id: '2f6e1c3a-0000-4000-8000-000000000001',
    name: 'Billing export',
    role: 'user',
    group_id: northwind!.id,
    created_by: admin.id,
    created_by_name: admin.full_name ?? admin.email,
    created_at: '2026-09-01T09:00:00Z',
    expires_at: '2027-09-01T00:00:00Z',
    last_used_at: '2026-11-22T09:40:00Z',
    status: 'active',
    revoked_at: null,
    revoked_by: null,
    revoked_by_name: null,
  },
  {
    id: '2f6e1c3a-0000-4000-8000-000000000002',
    name: 'Gateway provisioning script',
    role: 'admin',
    group_id: northwind!.id,
    created_by: admin.id,
    created_by_name: admin.full_name ?? admin.email,
    created_at: '2026-10-14T15:30:00Z',
    expires_at: null,
    last_used_at: null,
    status: 'active',
    revoked_at: null,
    revoked_by: null,
    revoked_by_name: null,
  },
  {
    id: '2f6e1c3a-0000-4000-8000-000000000003',
    name: 'Old dashboard sync',
    role: 'user',
    group_id: northwind!.id,
    created_by: admin.id,
    created_by_name: admin.full_name ?? admin.email,
    created_at: '2026-03-02T08:00:00Z',
    expires_at: '2026-09-02T00:00:00Z',
    last_used_at: '2026-09-01T22:10:00Z',
    status: 'expired',
    revoked_at: null,
    revoked_by: null,
    revoked_by_name: null,
  },
  {
    id: '2f6e1c3a-0000-4000-8000-000000000004',
    name: 'Leaked test key',
    role: 'admin',
    group_id: northwind!.id,
    created_by: admin.id,
    created_by_name: admin.full_name ?? admin.email,
    created_at: '2026-06-10T10:00:00Z',
    expires_at: null,
    last_used_at: '2026-06-11T07:30:00Z',
    status: 'revoked',
    revoked_at: '2026-06-11T08:05:00Z',
    revoked_by: admin.id,
    revoked_by_name: admin.full_name ?? admin.email,
  },
]

const resets = new WeakMap<ApiKey[], () => void>()

/** Puts the keys of `apiKeysHandlers(...)` back as they were made. */
export const resetApiKeys = (handlers: { db: ApiKey[] }) => resets.get(handlers.db)?.()

/** The secret every created key shows in stories. */
export const SHOWN_SECRET = 'q3Jx0vZ8b1m2N4c5D6e7F8g9H0i1J2k3L4m5N6o7P8Q'

const DAY_MS = 86_400_000

/**
 * An expiry the form computed from the browser's clock, moved to the same number of days after the
 * stories' fixed now: the list then reads the same on every run.
 */
function inStoryTime(expiresAt: string | null | undefined) {
  if (!expiresAt) return null
  const days = Math.round((Date.parse(expiresAt) - Date.now()) / DAY_MS)
  return new Date(Date.parse(NOW) + days * DAY_MS).toISOString()
}

/**
 * Handlers for the apiKeys area over one small list. `resetApiKeys(handlers)` (a story loader)
 * puts the list back, so a story that changes it starts from the same keys on every run.
 */
export function apiKeysHandlers(keys: readonly ApiKey[] = apiKeys) {
  const db = [...keys]
  let seq = 100
  resets.set(db, () => {
    db.splice(0, db.length, ...keys)
    seq = 100
  })
  return {
    db,
    apiKeys: [
      handleListApiKeys(() => HttpResponse.json({ items: db })),
      handleCreateApiKey(async ({ request }) => {
        const body = await request.json()
        const key: ApiKey = {
          id: `2f6e1c3a-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
          name: body.name,
          role: body.role,
          group_id: body.group_id ?? northwind!.id,
          created_by: admin.id,
          created_by_name: admin.full_name ?? admin.email,
          created_at: '2026-11-22T10:00:00Z',
          expires_at: inStoryTime(body.expires_at),
          last_used_at: null,
          status: 'active',
          revoked_at: null,
          revoked_by: null,
          revoked_by_name: null,
        }
        db.unshift(key)
        await delay(150)
        return HttpResponse.json({ ...key, key: `mdk_${key.id}_${SHOWN_SECRET}` }, { status: 201 })
      }),
      handleDeleteApiKey(({ params }) => {
        const index = db.findIndex((k) => k.id === params.id && k.status !== 'revoked')
        if (index < 0) return HttpResponse.json({ detail: 'API key not found' }, { status: 404 })
        db[index] = {
          ...db[index]!,
          status: 'revoked',
          revoked_at: '2026-11-22T10:05:00Z',
          revoked_by: admin.id,
          revoked_by_name: admin.full_name ?? admin.email,
        }
        return new HttpResponse(null, { status: 204 })
      }),
    ],
  }
}
