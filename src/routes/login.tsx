import { createFileRoute, redirect } from '@tanstack/react-router'
import { DEFAULT_LANDING } from '../lib/redirect'
import { loginSearch } from '../lib/search-params'
import { ensureSessionUser, hasAuthHint } from '../features/auth/session'
import { LoginPage } from '../features/auth/LoginPage'

export const Route = createFileRoute('/login')({
  staticData: { title: 'Sign in' },
  validateSearch: loginSearch,
  beforeLoad: async ({ context, search }) => {
    // Already signed in: go where the user was heading. Without the hint nobody signed in here,
    // and asking the server would only log a 401 in the console.
    if (hasAuthHint() && (await ensureSessionUser(context.queryClient)))
      throw redirect({ href: search.redirect ?? DEFAULT_LANDING })
  },
  component: LoginPage,
})
