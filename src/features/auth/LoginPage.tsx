import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { Form } from 'react-aria-components'
import { useState } from 'react'
import { loginMutation } from '../../api'
import { Button, Card, TextField } from '../../ui'
import { Logo } from '../shell/Logo'
import { loginErrorMessage } from './login-error'
import { parseRole } from './roles'
import { currentUserQuery, setAuthHint, type SessionUser } from './session'
import * as styles from './auth.css'

const route = getRouteApi('/login')

export interface LoginFormProps {
  onSubmit: (credentials: { email: string; password: string }) => void
  isPending?: boolean
  error?: string | null
}

/** The sign-in form on its own, for stories and tests. */
export function LoginForm({ onSubmit, isPending = false, error }: LoginFormProps) {
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
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        isRequired
        value={email}
        onChange={setEmail}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        isRequired
        value={password}
        onChange={setPassword}
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

export function LoginPage() {
  const { redirect } = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const login = useMutation({
    ...loginMutation(),
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
      await navigate({ href: redirect ?? '/dashboard', replace: true })
    },
    onError: (e) => setError(loginErrorMessage(e)),
  })
  return (
    <div className={styles.page}>
      <main className={styles.panel}>
        <div className={styles.brand}>
          <Logo linked={false} />
        </div>
        <Card title="Sign in" description="Monitor your meters, consumption and alerts.">
          <LoginForm
            isPending={login.isPending}
            error={error}
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
