import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  endRuleSnoozeMutation,
  invalidate,
  listRuleSnoozesOptions,
  snoozeRuleMutation,
  type Alarm,
} from '~/api'
import { Button, Dialog, Inline, Select, SelectItem, Text, VisuallyHidden } from '~/ui'
import { formatDateTime } from '~/lib/format'
import { useDeviceNames } from '../shared/DevicePicker'
import { useNotify } from './use-notify'

const SNOOZE_CHOICES = [
  { id: '1', label: '1 hour', hours: 1 },
  { id: '4', label: '4 hours', hours: 4 },
  { id: '24', label: '1 day', hours: 24 },
  { id: '168', label: '7 days', hours: 168 },
] as const

/** Snoozes the alarm's rule for the alarm's device for a chosen time. */
export function SnoozeDialog({
  alarm,
  isOpen,
  onOpenChange,
}: {
  alarm: Alarm
  isOpen: boolean
  onOpenChange: (open: boolean) => void
}) {
  const formId = useId()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const [hours, setHours] = useState<string>('4')
  const snooze = useMutation({
    ...snoozeRuleMutation(),
    onSuccess: (made) => {
      notify.success(
        'Rule snoozed',
        `No new alarm for this device until ${formatDateTime(made.until)}.`,
      )
      void invalidate(queryClient, 'listRuleSnoozes')
      onOpenChange(false)
    },
    onError: notify.failure('Failed to snooze the rule'),
  })
  const submit = () => {
    if (!alarm.rule_id) return
    const until = new Date(Date.now() + Number(hours) * 3_600_000).toISOString()
    snooze.mutate({ path: { id: alarm.rule_id }, body: { device_id: alarm.device_id, until } })
  }
  return (
    <Dialog
      title="Snooze rule for this device"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={({ close }) => (
        <>
          <Button intent="formSecondary" onPress={close}>
            Cancel
          </Button>
          <Button intent="formPrimary" type="submit" form={formId} isPending={snooze.isPending}>
            Snooze
          </Button>
        </>
      )}
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <p>
          “{alarm.rule_name}” raises no new alarm for{' '}
          {String(alarm.values.device_name ?? 'the device')} while snoozed. This alarm stays as it
          is.
        </p>
        <Select
          label="Snooze for"
          selectedKey={hours}
          onSelectionChange={(key) => setHours(String(key))}
        >
          {SNOOZE_CHOICES.map((c) => (
            <SelectItem key={c.id} id={c.id}>
              {c.label}
            </SelectItem>
          ))}
        </Select>
      </form>
    </Dialog>
  )
}

/** A rule's running snoozes, each with "End snooze"; nothing while there are none. */
export function RuleSnoozes({ ruleId }: { ruleId: string }) {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const snoozes = useQuery({
    ...listRuleSnoozesOptions({ path: { id: ruleId } }),
    meta: { silent: true },
  })
  const items = snoozes.data?.items ?? []
  const names = useDeviceNames(items.map((s) => s.device_id))
  const end = useMutation({
    ...endRuleSnoozeMutation(),
    onSuccess: () => {
      notify.success('Snooze ended', 'The rule raises alarms for the device again.')
      void invalidate(queryClient, 'listRuleSnoozes')
    },
    onError: notify.failure('Failed to end the snooze'),
  })
  if (items.length === 0) return null
  return (
    <>
      {items.map((s) => {
        const name = names.get(s.device_id) ?? 'A device'
        return (
          <Inline key={s.id} space="sm" alignY="center">
            <Text size="sm" tone="muted">
              Snoozed for {name} until {formatDateTime(s.until)}
            </Text>
            <Button
              intent="toolbarAction"
              isPending={end.isPending && end.variables?.path.device_id === s.device_id}
              onPress={() => end.mutate({ path: { id: ruleId, device_id: s.device_id } })}
            >
              End snooze<VisuallyHidden> for {name}</VisuallyHidden>
            </Button>
          </Inline>
        )
      })}
    </>
  )
}
