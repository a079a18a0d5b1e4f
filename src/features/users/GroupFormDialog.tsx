import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createGroupMutation, updateGroupMutation, type Group } from '~/api'
import { TextField } from '~/ui'
import type { FeedbackInput } from '../feedback/feedback-store'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { browserTimeZone } from '../settings/timezones'
import { useAppServices } from '../shared/use-app-services'
import { filled } from '../shared/field-rules'
import { FormDialog } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { invalidatePeople } from './users-cache'
import { groupFeedback } from './group-feedback'

export interface GroupFormDialogProps {
  /** The group to edit; without it the dialog creates one. */
  group?: Group
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Called with the new group after a create. */
  onCreated?: (group: Group) => void
}

/** Create or edit a group: name, description and timezone (spec §8 toasts either way). */
export function GroupFormDialog({ group, isOpen, onOpenChange, onCreated }: GroupFormDialogProps) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const form = useForm(
    {
      name: group?.name ?? '',
      description: group?.description ?? '',
      timezone: group?.timezone ?? browserTimeZone(),
    },
    (values) => ({ name: filled('Enter a name for the group.')(values.name) }),
  )

  // One toast for this form at a time: a save replaces the failure before it.
  const notify = (toast: FeedbackInput) => feedback.push({ ...toast, key: 'group-form' })
  const saved = (toast: FeedbackInput) => {
    void invalidatePeople(queryClient)
    notify(toast)
    onOpenChange(false)
  }
  const failed = (toast: FeedbackInput) => (error: unknown) => {
    form.rejectError(error, { statusFields: { 409: 'name' } })
    notify(toast)
  }
  const create = useMutation({
    ...createGroupMutation(),
    onSuccess: (created) => {
      saved(groupFeedback.created)
      // After closing, so the caller can open what comes next (the new group's members).
      onCreated?.(created)
    },
    onError: failed(groupFeedback.createFailed),
  })
  const update = useMutation({
    ...updateGroupMutation(),
    onSuccess: () => saved(groupFeedback.updated),
    onError: failed(groupFeedback.updateFailed),
  })

  function submit({ name, description, timezone }: typeof form.values) {
    const body = { name: name.trim(), description: description.trim() || null, timezone }
    if (group) update.mutate({ path: { id: group.id }, body })
    else create.mutate({ body })
  }

  return (
    <FormDialog
      title={group ? `Edit ${group.name}` : 'New group'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={submit}
      isPending={create.isPending || update.isPending}
      submitLabel={group ? 'Save changes' : 'Create group'}
    >
      <TextField label="Name" isRequired maxLength={100} {...form.field('name')} />
      <TextField label="Description" multiline maxLength={500} {...form.field('description')} />
      <TimezoneSelect
        value={form.values.timezone}
        onChange={form.set('timezone')}
        description="Days and months of the group's devices are counted in this timezone."
      />
    </FormDialog>
  )
}
