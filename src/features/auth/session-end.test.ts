// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFeedbackStore } from '../feedback/feedback-store'
import { createSessionEnd, LOGIN_FEEDBACK_SCOPE } from './session-end'
import { AUTH_HINT_KEY, currentUserQuery, type SessionUser } from './session'

const user: SessionUser = {
  id: 'u1',
  email: 'a@b.c',
  role: 'ADMIN',
  group_id: 'g1',
  full_name: 'A B',
  created_at: '2026-11-25T00:00:00Z',
}

function setup() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(currentUserQuery.queryKey, user)
  queryClient.setQueryData(['devices'], [{ id: 'd1' }])
  const feedback = createFeedbackStore()
  const scope = { sync: vi.fn() }
  let arrive = () => {}
  const navigate = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)))
  const session = createSessionEnd({
    queryClient,
    feedback,
    scope,
    navigate,
    location: () => ({ pathname: '/notifications', search: '?tab=rules' }),
  })
  return { queryClient, feedback, scope, navigate, session, arrive: () => arrive() }
}

describe('session end (spec §4, issue 20)', () => {
  beforeEach(() => localStorage.setItem(AUTH_HINT_KEY, '1'))

  it('sends an expired session to sign in with the page kept and says why', async () => {
    const { queryClient, feedback, navigate, session, arrive } = setup()
    feedback.push({ message: 'Failed to update notification rule' })
    session.end('expired')
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fnotifications%3Ftab%3Drules')
    expect(localStorage.getItem(AUTH_HINT_KEY)).toBeNull()
    expect(feedback.messages().map((m) => [m.scope, m.title])).toEqual([
      [LOGIN_FEEDBACK_SCOPE, 'Your session ended'],
    ])
    // The failure toast of the page left behind goes with it.
    expect(feedback.toasts.visibleToasts).toEqual([])
    // The page keeps its data until the login page has replaced it.
    expect(queryClient.getQueryData(['devices'])).toBeDefined()
    arrive()
    await vi.waitFor(() => expect(queryClient.getQueryData(['devices'])).toBeUndefined())
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toBeNull()
  })

  it('logs out to the plain login page without a message', () => {
    const { feedback, navigate, session } = setup()
    session.end('logout')
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(feedback.messages()).toEqual([])
  })

  it('ends once however many paths report it, and again after a new sign-in', () => {
    const { navigate, session } = setup()
    session.end('logout')
    session.end('expired')
    expect(navigate).toHaveBeenCalledTimes(1)
    session.begin()
    session.end('expired')
    expect(navigate).toHaveBeenCalledTimes(2)
  })
})
