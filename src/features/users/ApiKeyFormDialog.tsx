import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createApiKeyMutation, invalidate, type ApiKeyCreated } from '~/api'
import { Select, SelectItem, TextField, Tiles } from '~/ui'
import { scopeGroupsOptions } from '../scope/scope-queries'
import type { Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { useAppServices } from '../shared/use-app-services'
import { filled } from '../shared/field-rules'
import { FormDialog } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { assignableRoles, choosesGroup, roleLabels } from './user-rules'
import { expiryChoices, expiryOf, keyNeedsGroup, type ExpiryChoice } from './api-key-rules'

export interface ApiKeyFormDialogProps {
  editor: SessionUser
  /** Group preselected for an elevated editor (the chosen scope). */
  defaultGroupId?: string | null
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Called with the new key (its secret shown once) after the dialog closes. */
  onCreated: (key: ApiKeyCreated) => void
}

const NO_GROUP = '__none__'
const GROUP_NEEDED = 'Admin and user keys act in one group.'

/** A new API key: name, a role no higher than the editor's, its group, and when it expires. */
export function ApiKeyFormDialog({
  editor,
  defaultGroupId = null,
  isOpen,
  onOpenChange,
  onCreated,
}: ApiKeyFormDialogProps) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const elevated = choosesGroup(editor.role)
  const groups = useQuery({ ...scopeGroupsOptions(), enabled: elevated })
  const groupMissing = (values: { role: Role; group_id: string }) =>
    elevated && keyNeedsGroup(values.role) && values.group_id === NO_GROUP
  const form = useForm(
    {
      name: '',
      role: 'USER' as Role,
      group_id: defaultGroupId ?? NO_GROUP,
      expiry: '90' as ExpiryChoice,
    },
    (values) => ({
      name: filled('Enter a name that says what the key is for.')(values.name),
      group_id: groupMissing(values) ? GROUP_NEEDED : null,
    }),
  )
  const create = useMutation({
    ...createApiKeyMutation(),
    onSuccess: (key) => {
      void invalidate(queryClient, 'listApiKeys')
      feedback.push({
        key: 'api-key-form',
        severity: 'success',
        title: 'API key created',
        message: 'Copy it now: it is shown only once.',
      })
      onOpenChange(false)
      onCreated(key)
    },
    onError: (error) => {
      form.rejectError(error)
      feedback.push({
        key: 'api-key-form',
        severity: 'error',
        title: 'Failed to create API key',
        message: 'Verify the key details and try again.',
      })
    },
  })

  function submit({ name, role, group_id, expiry }: typeof form.values) {
    const group = elevated && keyNeedsGroup(role) ? { group_id } : {}
    const wireRole = role.toLowerCase() as 'user'
    create.mutate({
      body: { name: name.trim(), role: wireRole, expires_at: expiryOf(expiry), ...group },
    })
  }

  return (
    <FormDialog
      title="New API key"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      isPending={create.isPending}
      submitLabel="Create key"
    >
      <TextField
        label="Name"
        isRequired
        maxLength={100}
        description="What uses the key, e.g. “Billing export”."
        {...form.field('name')}
      />
      <Tiles space="lg" minItemWidth="12rem">
        <Select
          label="Role"
          selectedKey={form.values.role}
          onSelectionChange={(key) => form.set('role')(key as Role)}
          description="No higher than your own."
        >
          {assignableRoles(editor.role).map((r) => (
            <SelectItem key={r} id={r}>
              {roleLabels[r]}
            </SelectItem>
          ))}
        </Select>
        <Select
          label="Expires"
          selectedKey={form.values.expiry}
          onSelectionChange={(key) => form.set('expiry')(key as ExpiryChoice)}
        >
          {expiryChoices.map((c) => (
            <SelectItem key={c.id} id={c.id}>
              {c.label}
            </SelectItem>
          ))}
        </Select>
      </Tiles>
      {elevated && keyNeedsGroup(form.values.role) && (
        <Select
          label="Group"
          items={groups.data?.items ?? []}
          selectedKey={form.values.group_id}
          onSelectionChange={(key) => form.set('group_id')(String(key))}
          isInvalid={groupMissing(form.values) || Boolean(form.errors.fields.group_id)}
          errorMessage={form.errors.fields.group_id ?? GROUP_NEEDED}
        >
          {(group) => <SelectItem id={group.id}>{group.name}</SelectItem>}
        </Select>
      )}
    </FormDialog>
  )
}
