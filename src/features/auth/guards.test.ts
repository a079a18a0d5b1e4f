import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createFeedbackStore } from '../feedback/feedback-store'
import { requireArea } from './guards'
import type { SessionUser } from './session'

const user = (role: SessionUser['role']) =>
  ({ id: 'u', email: 'u@x', role, group_id: 'g' }) as SessionUser

function guard(
  role: SessionUser['role'],
  area: Parameters<typeof requireArea>[0],
  preload = false,
) {
  const feedback = createFeedbackStore()
  let thrown: unknown
  try {
    requireArea(area)({ context: { user: user(role), feedback }, preload })
  } catch (error) {
    thrown = error
  }
  return { thrown, messages: feedback.toasts.visibleToasts.map((t) => t.content) }
}

describe('requireArea', () => {
  it('sends a role that may not enter to the dashboard and says why', () => {
    const { thrown, messages } = guard('ADMIN', 'debug')
    expect(isRedirect(thrown)).toBe(true)
    expect(messages).toEqual([
      expect.objectContaining({
        severity: 'warning',
        title: 'Debug is not available to you',
        description: 'It needs the developer role, so the dashboard opened instead.',
      }),
    ])
    expect(guard('USER', 'users').messages[0]!.description).toBe(
      'It needs the developer, superuser or admin role, so the dashboard opened instead.',
    )
  })
  it('lets a role in without a word, and says nothing for a preload', () => {
    expect(guard('DEVELOPER', 'debug')).toEqual({ thrown: undefined, messages: [] })
    const preloaded = guard('USER', 'settings', true)
    expect(isRedirect(preloaded.thrown)).toBe(true)
    expect(preloaded.messages).toEqual([])
  })
})
