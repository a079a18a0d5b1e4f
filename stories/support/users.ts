import type { SessionUser } from '~/features/auth/session'

const base = { created_at: '2026-01-05T09:00:00Z' }
export const demoUsers = {
  DEVELOPER: {
    ...base,
    id: '6d1c3f3e-0000-4000-8000-000000000001',
    email: 'developer@demo.local',
    full_name: 'Dana Developer',
    role: 'DEVELOPER',
    group_id: null,
  },
  SUPERUSER: {
    ...base,
    id: '6d1c3f3e-0000-4000-8000-000000000002',
    email: 'superuser@demo.local',
    full_name: 'Sam Superuser',
    role: 'SUPERUSER',
    group_id: null,
  },
  ADMIN: {
    ...base,
    id: '6d1c3f3e-0000-4000-8000-000000000003',
    email: 'admin@demo.local',
    full_name: 'Ada Admin',
    role: 'ADMIN',
    group_id: '1b6f0c9a-0000-4000-8000-000000000001',
  },
  USER: {
    ...base,
    id: '6d1c3f3e-0000-4000-8000-000000000004',
    email: 'user@demo.local',
    full_name: 'Uma User',
    role: 'USER',
    group_id: '1b6f0c9a-0000-4000-8000-000000000001',
  },
} satisfies Record<string, SessionUser>
