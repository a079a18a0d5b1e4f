import { createFileRoute, redirect } from '@tanstack/react-router'
import { loginSearch } from '../lib/search-params'
import { ensureSessionUser } from '../features/auth/session'
import { LoginPage } from '../features/auth/LoginPage'

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  beforeLoad: async ({ context, search }) => {
    // Already signed in: go where the user was heading.
    if (await ensureSessionUser(context.queryClient))
      throw redirect({ href: search.redirect ?? '/dashboard' })
  },
  component: LoginPage,
})
