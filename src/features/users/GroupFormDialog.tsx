import { useMutation } from '@tanstack/react-query'
import { createGroupMutation, updateGroupMutation, type Group } from '~/api'
import { TextField } from '~/ui'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { browserTimeZone } from '../settings/timezones'
import { filled } from '../shared/field-rules'
import { FormDialog } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import { usePeopleSave } from './use-people-save'
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
  const form = useForm(
    {
      name: group?.name ?? '',
      description: group?.description ?? '',
      timezone: group?.timezone ?? browserTimeZone(),
    },
    (values) => ({ name: filled('Enter a name for the group.')(values.name) }),
  )

  const { saved, failed } = usePeopleSave({
    rejectError: form.rejectError,
    conflictField: 'name',
    close: () => onOpenChange(false),
    toastKey: 'group-form',
  })
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
