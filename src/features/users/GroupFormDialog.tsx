import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { createGroupMutation, updateGroupMutation, type Group } from '../../api'
import { TextField } from '../../ui'
import type { FeedbackInput } from '../feedback/feedback-store'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { browserTimeZone } from '../settings/timezones'
import { useAppServices } from '../shared/use-app-services'
import { fieldErrors, type FormErrors } from '../shared/form-errors'
import { FormDialog } from '../shared/ServerForm'
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
  const [timezone, setTimezone] = useState(group?.timezone ?? browserTimeZone())
  const [errors, setErrors] = useState<FormErrors>({ fields: {} })

  // One toast for this form at a time: a save replaces the failure before it.
  const notify = (toast: FeedbackInput) => feedback.push({ ...toast, key: 'group-form' })
  const saved = (toast: FeedbackInput) => {
    void invalidatePeople(queryClient)
    notify(toast)
    onOpenChange(false)
  }
  const failed = (toast: FeedbackInput) => (error: unknown) => {
    setErrors(fieldErrors(error, 'name'))
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

  function submit(data: Record<string, string>) {
    const body = {
      name: data.name!.trim(),
      description: data.description?.trim() || null,
      timezone,
    }
    if (group) update.mutate({ path: { id: group.id }, body })
    else create.mutate({ body })
  }

  return (
    <FormDialog
      title={group ? `Edit ${group.name}` : 'New group'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      errors={errors}
      onSubmit={submit}
      isPending={create.isPending || update.isPending}
      submitLabel={group ? 'Save changes' : 'Create group'}
    >
      <TextField
        name="name"
        label="Name"
        isRequired
        maxLength={100}
        defaultValue={group?.name ?? ''}
      />
      <TextField
        name="description"
        label="Description"
        multiline
        maxLength={500}
        defaultValue={group?.description ?? ''}
      />
      <TimezoneSelect
        value={timezone}
        onChange={setTimezone}
        description="Days and months of the group's devices are counted in this timezone."
      />
    </FormDialog>
  )
}
