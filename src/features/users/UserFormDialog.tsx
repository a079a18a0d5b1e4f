import { useMutation, useQuery } from '@tanstack/react-query'
import { createUserMutation, updateUserMutation, type User } from '~/api'
import { Select, SelectItem, TextField, Tiles } from '~/ui'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { atLeastChars, checks, emailAddress, filled } from '../shared/field-rules'
import { FormDialog } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { usePeopleSave } from './use-people-save'
import { assignableRoles, choosesGroup, displayName, needsGroup, roleLabels } from './user-rules'

export interface UserFormDialogProps {
  editor: SessionUser
  /** The user to edit; without it the dialog creates one. */
  user?: User
  /** Group preselected for a new user (the scope, or the group whose members are shown). */
  defaultGroupId?: string | null
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

const NO_GROUP = '__none__'
const MIN_PASSWORD = 12
const GROUP_NEEDED = 'Admins and users belong to a group.'

/** Create or edit a user; the role list holds only the roles the editor may give. */
export function UserFormDialog({
  editor,
  user,
  defaultGroupId = null,
  isOpen,
  onOpenChange,
}: UserFormDialogProps) {
  const groups = useQuery({ ...scopeGroupsOptions(), enabled: choosesGroup(editor.role) })
  const roles = assignableRoles(editor.role)
  const self = user?.id === editor.id
  const groupMissing = (values: { role: Role; group_id: string }) =>
    choosesGroup(editor.role) && needsGroup(values.role) && values.group_id === NO_GROUP
  const form = useForm(
    {
      full_name: user?.full_name ?? '',
      email: user?.email ?? '',
      password: '',
      role: user ? parseRole(user.role) : ('USER' as Role),
      group_id: user?.group_id ?? defaultGroupId ?? NO_GROUP,
    },
    (values) => ({
      full_name: filled('Enter the full name.')(values.full_name),
      email: checks(filled('Enter an e-mail address.'), emailAddress)(values.email),
      password: checks(
        ...(user ? [] : [filled('Enter a password.')]),
        atLeastChars(MIN_PASSWORD),
      )(values.password),
      group_id: groupMissing(values) ? GROUP_NEEDED : null,
    }),
  )

  const { saved, failed } = usePeopleSave({
    rejectError: form.rejectError,
    conflictField: 'email',
    close: () => onOpenChange(false),
  })
  const onError = failed()
  const onSuccess = (changed: User) =>
    saved(
      user
        ? {
            severity: 'success',
            title: 'User updated',
            message: `Changes to ${displayName(changed)} have been saved.`,
          }
        : {
            severity: 'success',
            title: 'User created',
            message: `${displayName(changed)} can now sign in.`,
          },
    )
  const create = useMutation({ ...createUserMutation(), onSuccess, onError })
  const update = useMutation({ ...updateUserMutation(), onSuccess, onError })

  function submit({ full_name, email, password, role, group_id }: typeof form.values) {
    const group = choosesGroup(editor.role)
      ? { group_id: group_id === NO_GROUP ? null : group_id }
      : {}
    const wireRole = role.toLowerCase() as User['role']
    if (user) {
      update.mutate({
        path: { id: user.id },
        body: {
          full_name,
          email,
          ...(password ? { password } : {}),
          ...(self ? {} : { role: wireRole }),
          ...group,
        },
      })
    } else {
      create.mutate({ body: { full_name, email, password, role: wireRole, ...group } })
    }
  }

  const groupOptions = [{ id: NO_GROUP, name: 'No group' }, ...(groups.data?.items ?? [])]
  return (
    <FormDialog
      title={user ? `Edit ${displayName(user)}` : 'New user'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      isPending={create.isPending || update.isPending}
      submitLabel={user ? 'Save changes' : 'Create user'}
    >
      <TextField label="Full name" isRequired maxLength={200} {...form.field('full_name')} />
      <TextField type="email" label="E-mail" isRequired maxLength={254} {...form.field('email')} />
      <TextField
        type="password"
        label={user ? 'New password' : 'Password'}
        isRequired={!user}
        {...form.field('password')}
        maxLength={128}
        autoComplete="new-password"
        description={
          user
            ? 'Leave empty to keep the current password. A new one signs the user out everywhere.'
            : `At least ${MIN_PASSWORD} characters.`
        }
      />
      <Tiles space="lg" minItemWidth="12rem">
        <Select
          label="Role"
          selectedKey={form.values.role}
          onSelectionChange={(key) => form.set('role')(key as Role)}
          isDisabled={self}
          description={self ? 'You cannot change your own role.' : undefined}
        >
          {(self ? [form.values.role] : roles).map((r) => (
            <SelectItem key={r} id={r}>
              {roleLabels[r]}
            </SelectItem>
          ))}
        </Select>
        {choosesGroup(editor.role) && (
          <Select
            label="Group"
            items={groupOptions}
            selectedKey={form.values.group_id}
            onSelectionChange={(key) => form.set('group_id')(String(key))}
            // Said as soon as the role asks for a group, not only on submit.
            isInvalid={groupMissing(form.values) || Boolean(form.errors.fields.group_id)}
            errorMessage={form.errors.fields.group_id ?? GROUP_NEEDED}
          >
            {(group) => <SelectItem id={group.id}>{group.name}</SelectItem>}
          </Select>
        )}
      </Tiles>
    </FormDialog>
  )
}
