import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form } from 'react-aria-components'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { login as signIn } from '~/api'
import { DEFAULT_LANDING } from '~/lib/redirect'
import { Button, Card, TextField } from '~/ui'
import { Logo } from '../shared/Logo'
import { useAppServices } from '../shared/use-app-services'
import type { FeedbackMessage } from '../feedback/feedback-store'
import { loginErrorMessage } from './login-error'
import { parseRole } from './roles'
import { currentUserQuery, setAuthHint, type SessionUser } from './session'
import { LOGIN_FEEDBACK_SCOPE } from './session-end'
import * as styles from './auth.css'

const route = getRouteApi('/login')

/** Fetched beside the form, not before it: the sign-in page's first JavaScript stays in budget. */
const EnvironmentBadge = lazy(() =>
  import('../shared/EnvironmentBadge').then((module) => ({ default: module.EnvironmentBadge })),
)

export interface LoginFormProps {
  onSubmit: (credentials: { email: string; password: string }) => void
  isPending?: boolean
  error?: string | null
  /** Why the person is here, e.g. a session that ended (shown above the fields). */
  notice?: Pick<FeedbackMessage, 'title' | 'message'>
  /**
   * The person changed a field: `error` answered the previous attempt, so the page clears it
   * (it stood under the new field errors of the next one: issue 32).
   */
  onEdit?: () => void
}

/** The sign-in form on its own, for stories and tests. */
export function LoginForm({ onSubmit, isPending = false, error, notice, onEdit }: LoginFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  return (
    <Form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit({ email, password })
      }}
    >
      {notice && (
        <p role="status" className={styles.notice}>
          <strong>{notice.title}</strong> {notice.message}
        </p>
      )}
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        // The page has one thing to do; a person signing in starts typing at once (issue 20).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        isRequired
        value={email}
        onChange={(value) => {
          setEmail(value)
          onEdit?.()
        }}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        isRequired
        value={password}
        onChange={(value) => {
          setPassword(value)
          onEdit?.()
        }}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <Button type="submit" intent="formPrimary" isPending={isPending} className={styles.submit}>
        Sign in
      </Button>
    </Form>
  )
}

/** What the session layer left for the login page (a session that ended), if anything. */
function useLoginNotice() {
  const { feedback } = useAppServices()
  const messages = useSyncExternalStore(feedback.subscribe, feedback.messages)
  return { notice: messages.findLast((m) => m.scope === LOGIN_FEEDBACK_SCOPE), feedback }
}

export function LoginPage() {
  const { redirect } = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const { notice, feedback } = useLoginNotice()
  const login = useMutation({
    // The SDK call, not the generated loginMutation(): that module (every generated query option)
    // would be one more chunk of this page's first JavaScript, beyond its 150 KiB budget.
    mutationFn: async (options: Parameters<typeof signIn>[0]) =>
      (await signIn({ ...options, throwOnError: true })).data,
    meta: { silent: true },
    onSuccess: async ({ user }) => {
      let sessionUser: SessionUser
      try {
        sessionUser = { ...user, role: parseRole(user.role) }
      } catch (e) {
        setError((e as Error).message)
        return
      }
      queryClient.setQueryData(currentUserQuery.queryKey, sessionUser)
      setAuthHint(true)
      feedback.clear(LOGIN_FEEDBACK_SCOPE)
      await navigate({ href: redirect ?? DEFAULT_LANDING, replace: true })
    },
    onError: (e) => setError(loginErrorMessage(e)),
  })
  return (
    <div className={styles.page}>
      <main className={styles.panel}>
        <div className={styles.brand}>
          <Logo linked={false} />
          <Suspense fallback={null}>
            <EnvironmentBadge />
          </Suspense>
        </div>
        <Card title="Sign in" description="Monitor your meters, consumption and alerts.">
          <LoginForm
            isPending={login.isPending}
            error={error}
            notice={notice}
            onEdit={() => setError(null)}
            onSubmit={({ email, password }) => {
              setError(null)
              login.mutate({ body: { username: email, password } })
            }}
          />
        </Card>
      </main>
    </div>
  )
}
