import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changePasswordMutation, invalidate, updateUserMutation } from '~/api'
import { Card, TextField, Tiles } from '~/ui'
import type { SessionUser } from '../auth/session'
import { useAppServices } from '../shared/use-app-services'
import { atLeastChars, checks, filled } from '../shared/field-rules'
import { ServerForm } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'

/** The signed-in user's name; the e-mail is shown, changed by an admin. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const form = useForm({ full_name: user.full_name ?? '' }, (values) => ({
    full_name: filled('Enter the full name.')(values.full_name),
  }))
  const save = useMutation({
    ...updateUserMutation(),
    onSuccess: () => {
      void invalidate(queryClient, 'getCurrentUser')
      feedback.push({
        severity: 'success',
        title: 'Profile updated',
        message: 'Your name has been saved.',
      })
    },
    onError: (error) => form.rejectError(error),
  })
  return (
    <Card title="Profile" description={`Signed in as ${user.email}`}>
      <ServerForm
        form={form}
        onSubmit={({ full_name }) =>
          save.mutate({ path: { id: user.id }, body: { full_name: full_name.trim() } })
        }
        submitLabel="Save name"
        isPending={save.isPending}
      >
        <TextField label="Full name" isRequired maxLength={200} {...form.field('full_name')} />
      </ServerForm>
    </Card>
  )
}

const MIN_PASSWORD = 12

/** A new password, only with the current one; other sessions are signed out by the server. */
export function PasswordSection() {
  const { feedback } = useAppServices()
  const form = useForm(
    { current_password: '', new_password: '', confirm_password: '' },
    (values) => ({
      current_password: filled('Enter your current password.')(values.current_password),
      new_password: checks(
        filled('Enter a new password.'),
        atLeastChars(MIN_PASSWORD),
      )(values.new_password),
      confirm_password: checks(filled('Repeat the new password.'), (confirm) =>
        confirm === values.new_password ? null : 'The two new passwords differ.',
      )(values.confirm_password),
    }),
  )
  const change = useMutation({
    ...changePasswordMutation(),
    onSuccess: () => {
      form.reset()
      feedback.push({
        severity: 'success',
        title: 'Password changed',
        message: 'Your other sessions have been signed out.',
      })
    },
    onError: (error) => {
      const wrongCurrent =
        (error as { body?: { code?: string } }).body?.code === 'invalid_current_password'
      if (wrongCurrent)
        form.reject({ fields: { current_password: 'The current password is not correct.' } })
      else form.rejectError(error)
    },
  })
  return (
    <Card title="Password" description="Changing it signs you out everywhere else.">
      <ServerForm
        form={form}
        onSubmit={({ current_password, new_password }) =>
          change.mutate({ body: { current_password, new_password } })
        }
        submitLabel="Change password"
        isPending={change.isPending}
      >
        <TextField
          {...form.field('current_password')}
          type="password"
          label="Current password"
          isRequired
          autoComplete="current-password"
          maxLength={128}
        />
        <Tiles space="lg" minItemWidth="12rem">
          <TextField
            {...form.field('new_password')}
            type="password"
            label="New password"
            isRequired
            maxLength={128}
            autoComplete="new-password"
            description={`At least ${MIN_PASSWORD} characters.`}
          />
          <TextField
            {...form.field('confirm_password')}
            type="password"
            label="Repeat new password"
            isRequired
            autoComplete="new-password"
            maxLength={128}
          />
        </Tiles>
      </ServerForm>
    </Card>
  )
}
