import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { createUserMutation, updateUserMutation, type User } from '../../api'
import { Select, SelectItem, TextField } from '../../ui'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { useAppServices } from '../shared/use-app-services'
import { atLeastChars, checks, emailAddress, filled } from '../shared/field-rules'
import { fieldErrors, type FormErrors } from '../shared/form-errors'
import { FormDialog } from '../shared/ServerForm'
import { invalidatePeople } from './users-cache'
import { assignableRoles, choosesGroup, displayName, needsGroup, roleLabels } from './user-rules'
import * as styles from '../shared/page.css'

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

/** Create or edit a user; the role list holds only the roles the editor may give. */
export function UserFormDialog({
  editor,
  user,
  defaultGroupId = null,
  isOpen,
  onOpenChange,
}: UserFormDialogProps) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const groups = useQuery({ ...scopeGroupsOptions(), enabled: choosesGroup(editor.role) })
  const roles = assignableRoles(editor.role)
  const self = user?.id === editor.id
  const [role, setRole] = useState<Role>(user ? parseRole(user.role) : 'USER')
  const [groupId, setGroupId] = useState<string>(user?.group_id ?? defaultGroupId ?? NO_GROUP)
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })

  const onError = (error: unknown) => setErrors(fieldErrors(error, 'email'))
  const onSuccess = (saved: User) => {
    void invalidatePeople(queryClient)
    feedback.push(
      user
        ? {
            severity: 'success',
            title: 'User updated',
            message: `Changes to ${displayName(saved)} have been saved.`,
          }
        : {
            severity: 'success',
            title: 'User created',
            message: `${displayName(saved)} can now sign in.`,
          },
    )
    onOpenChange(false)
  }
  const create = useMutation({ ...createUserMutation(), onSuccess, onError })
  const update = useMutation({ ...updateUserMutation(), onSuccess, onError })

  function submit(data: Record<string, string>) {
    if (groupMissing) return
    const group = choosesGroup(editor.role)
      ? { group_id: groupId === NO_GROUP ? null : groupId }
      : {}
    const wireRole = role.toLowerCase() as User['role']
    if (user) {
      update.mutate({
        path: { id: user.id },
        body: {
          full_name: data.full_name!,
          email: data.email!,
          ...(data.password ? { password: data.password } : {}),
          ...(self ? {} : { role: wireRole }),
          ...group,
        },
      })
    } else {
      create.mutate({
        body: {
          full_name: data.full_name!,
          email: data.email!,
          password: data.password!,
          role: wireRole,
          ...group,
        },
      })
    }
  }

  const groupOptions = [{ id: NO_GROUP, name: 'No group' }, ...(groups.data?.items ?? [])]
  const groupMissing = choosesGroup(editor.role) && needsGroup(role) && groupId === NO_GROUP
  return (
    <FormDialog
      title={user ? `Edit ${displayName(user)}` : 'New user'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      errors={errors}
      onSubmit={submit}
      isPending={create.isPending || update.isPending}
      submitLabel={user ? 'Save changes' : 'Create user'}
    >
      <TextField
        name="full_name"
        label="Full name"
        isRequired
        validate={filled('Enter the full name.')}
        maxLength={200}
        defaultValue={user?.full_name ?? ''}
      />
      <TextField
        name="email"
        type="email"
        label="E-mail"
        isRequired
        validate={checks(filled('Enter an e-mail address.'), emailAddress)}
        maxLength={254}
        defaultValue={user?.email ?? ''}
      />
      <TextField
        name="password"
        type="password"
        label={user ? 'New password' : 'Password'}
        isRequired={!user}
        validate={checks(
          ...(user ? [] : [filled('Enter a password.')]),
          atLeastChars(MIN_PASSWORD),
        )}
        minLength={MIN_PASSWORD}
        maxLength={128}
        autoComplete="new-password"
        description={
          user
            ? 'Leave empty to keep the current password. A new one signs the user out everywhere.'
            : `At least ${MIN_PASSWORD} characters.`
        }
      />
      <div className={styles.formRow}>
        <Select
          label="Role"
          selectedKey={role}
          onSelectionChange={(key) => setRole(key as Role)}
          isDisabled={self}
          description={self ? 'You cannot change your own role.' : undefined}
        >
          {(self ? [role] : roles).map((r) => (
            <SelectItem key={r} id={r}>
              {roleLabels[r]}
            </SelectItem>
          ))}
        </Select>
        {choosesGroup(editor.role) && (
          <Select
            label="Group"
            items={groupOptions}
            selectedKey={groupId}
            onSelectionChange={(key) => setGroupId(String(key))}
            isInvalid={groupMissing}
            errorMessage="Admins and users belong to a group."
          >
            {(group) => <SelectItem id={group.id}>{group.name}</SelectItem>}
          </Select>
        )}
      </div>
    </FormDialog>
  )
}
