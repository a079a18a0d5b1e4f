import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { changePasswordMutation, invalidate, updateUserMutation } from '../../api'
import { Card, TextField } from '../../ui'
import type { SessionUser } from '../auth/session'
import { useAppServices } from '../shared/use-app-services'
import { fieldErrors, type FormErrors } from '../shared/form-errors'
import { ServerForm } from '../shared/ServerForm'
import * as styles from '../shared/page.css'

/** The signed-in user's name; the e-mail is shown, changed by an admin. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })
  const save = useMutation({
    ...updateUserMutation(),
    onSuccess: () => {
      void invalidate(queryClient, 'getCurrentUser')
      setErrors({ fields: {} })
      feedback.push({
        severity: 'success',
        title: 'Profile updated',
        message: 'Your name has been saved.',
      })
    },
    onError: (error) => setErrors(fieldErrors(error)),
  })
  return (
    <Card title="Profile" description={`Signed in as ${user.email}`}>
      <ServerForm
        errors={errors}
        onSubmit={(data) =>
          save.mutate({ path: { id: user.id }, body: { full_name: (data.full_name ?? '').trim() } })
        }
        submitLabel="Save name"
        isPending={save.isPending}
      >
        <TextField
          name="full_name"
          label="Full name"
          isRequired
          maxLength={200}
          defaultValue={user.full_name ?? ''}
        />
      </ServerForm>
    </Card>
  )
}

const MIN_PASSWORD = 12

/** A new password, only with the current one; other sessions are signed out by the server. */
export function PasswordSection() {
  const { feedback } = useAppServices()
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })
  const [formKey, setFormKey] = useState(0)
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: () => {
      setErrors({ fields: {} })
      setFormKey((k) => k + 1)
      feedback.push({
        severity: 'success',
        title: 'Password changed',
        message: 'Your other sessions have been signed out.',
      })
    },
    onError: (error) => {
      const spread = fieldErrors(error)
      const wrongCurrent =
        (error as { body?: { code?: string } }).body?.code === 'invalid_current_password'
      setErrors(
        wrongCurrent
          ? { fields: { current_password: 'The current password is not correct.' } }
          : spread,
      )
    },
  })
  function submit(data: Record<string, string>) {
    if (data.new_password !== data.confirm_password) {
      setErrors({ fields: { confirm_password: 'The two new passwords differ.' } })
      return
    }
    change.mutate({
      body: { current_password: data.current_password!, new_password: data.new_password! },
    })
  }
  return (
    <Card title="Password" description="Changing it signs you out everywhere else.">
      <ServerForm
        key={formKey}
        errors={errors}
        onSubmit={submit}
        submitLabel="Change password"
        isPending={change.isPending}
      >
        <TextField
          name="current_password"
          type="password"
          label="Current password"
          isRequired
          autoComplete="current-password"
          maxLength={128}
        />
        <div className={styles.formRow}>
          <TextField
            name="new_password"
            type="password"
            label="New password"
            isRequired
            minLength={MIN_PASSWORD}
            maxLength={128}
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD} characters.`}
          />
          <TextField
            name="confirm_password"
            type="password"
            label="Repeat new password"
            isRequired
            autoComplete="new-password"
            maxLength={128}
          />
        </div>
      </ServerForm>
    </Card>
  )
}
