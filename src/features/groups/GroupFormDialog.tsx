import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Form } from 'react-aria-components'
import { createGroupMutation, updateGroupMutation, type Group } from '../../api'
import { Button, Dialog, TextField } from '../../ui'
import { TimezoneSelect } from '../settings/TimezoneSelect'
import { browserTimeZone } from '../settings/timezones'
import { useAppServices } from '../shell/use-app-services'
import { fieldErrors, type FieldErrors } from '../users/form-errors'
import { invalidatePeople } from '../users/users-cache'
import * as styles from '../users/page.css'
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
  const [errors, setErrors] = useState<{ fields: FieldErrors; form?: string }>({ fields: {} })

  const create = useMutation({
    ...createGroupMutation(),
    onSuccess: (created) => {
      void invalidatePeople(queryClient)
      feedback.push(groupFeedback.created)
      onOpenChange(false)
      // After closing, so the caller can open what comes next (the new group's members).
      onCreated?.(created)
    },
    onError: (error) => {
      setErrors(fieldErrors(error, 'name'))
      feedback.push(groupFeedback.createFailed)
    },
  })
  const update = useMutation({
    ...updateGroupMutation(),
    onSuccess: () => {
      void invalidatePeople(queryClient)
      feedback.push(groupFeedback.updated)
      onOpenChange(false)
    },
    onError: (error) => {
      setErrors(fieldErrors(error, 'name'))
      feedback.push(groupFeedback.updateFailed)
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    const body = {
      name: data.name!.trim(),
      description: data.description?.trim() || null,
      timezone,
    }
    if (group) update.mutate({ path: { id: group.id }, body })
    else create.mutate({ body })
  }

  const pending = create.isPending || update.isPending
  const formId = group ? `edit-group-${group.id}` : 'create-group'
  return (
    <Dialog
      title={group ? `Edit ${group.name}` : 'New group'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
    >
      {({ close }) => (
        <Form
          id={formId}
          className={styles.form}
          validationErrors={errors.fields}
          onSubmit={submit}
        >
          {errors.form && (
            <p role="alert" className={styles.formError}>
              {errors.form}
            </p>
          )}
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
          <div className={styles.formActions}>
            <Button intent="formSecondary" onPress={close} isDisabled={pending}>
              Cancel
            </Button>
            <Button intent="formPrimary" type="submit" isPending={pending}>
              {group ? 'Save changes' : 'Create group'}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  )
}
