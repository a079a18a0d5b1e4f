import type { Role } from '../auth/roles'

/** Expiry choices of a new key, in days; null: never. */
export const expiryChoices = [
  { id: '30', label: '30 days', days: 30 },
  { id: '90', label: '90 days', days: 90 },
  { id: '365', label: '1 year', days: 365 },
  { id: 'never', label: 'Never', days: null },
] as const
export type ExpiryChoice = (typeof expiryChoices)[number]['id']

/** The instant a key made at `now` expires, or null for never. */
export function expiryOf(choice: ExpiryChoice, now = Date.now()): string | null {
  const days = expiryChoices.find((c) => c.id === choice)!.days
  return days === null ? null : new Date(now + days * 86_400_000).toISOString()
}

/** Admin and user keys act in one group; developer and superuser keys in every group. */
export const keyNeedsGroup = (role: Role) => role === 'ADMIN' || role === 'USER'

/** `Authorization: Bearer <key>`, as a curl command to paste. */
export const curlExample = (origin: string, key: string) =>
  `curl -H "Authorization: Bearer ${key}" ${origin}/api/v1/devices/`
