import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import {
  acknowledgeAlarmMutation,
  clearAlarmMutation,
  getAlarmOptions,
  invalidate,
  listAlarmsOptions,
  type Alarm,
  type AlarmSeverity,
  type AlarmState,
} from '~/api'
import {
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  EmptyState,
  Inline,
  Notice,
  Select,
  SelectItem,
  Skeleton,
  Stack,
  Text,
  TextField,
  VisuallyHidden,
} from '~/ui'
import { ServerForm } from '../shared/ServerForm'
import { WidgetBody } from '../shared/WidgetBody'
import { CardsSkeleton } from './CardsSkeleton'
import { useForm } from '../shared/use-form'
import { RelativeTime } from './NotificationSummary'
import { severities, severityLabels } from './rule-form'
import { SnoozeDialog } from './RuleSnoozes'
import { useNotify } from './use-notify'
import { useAlarmFocus } from './use-alarm-focus'
import * as page from './page.css'
import { grow } from '../shared/page.css'

export interface AlarmFilters {
  state?: AlarmState
  severity?: AlarmSeverity
}

const stateLabels: Record<AlarmState, string> = {
  active: 'Active',
  acknowledged: 'Acknowledged',
  cleared: 'Cleared',
}
const severityBadge = { critical: 'destructive', warning: 'warning', info: 'info' } as const
const stateBadge = { active: 'destructive', acknowledged: 'secondary', cleared: 'outline' } as const
const ALL = 'all'
const NOTE_MAX = 500

/** A device's open alarms (active or acknowledged), for its overview. */
export const openAlarmsOptions = (deviceId: string) =>
  listAlarmsOptions({
    query: { state: ['active', 'acknowledged'], device_id: deviceId, limit: 20 },
  })

/** The alarms query of the view: the server sorts active first, then by severity. */
export const alarmsOptions = (filters: AlarmFilters, deviceId?: string) =>
  listAlarmsOptions({
    query: {
      ...(filters.state ? { state: [filters.state] } : {}),
      ...(filters.severity ? { severity: [filters.severity] } : {}),
      ...(deviceId ? { device_id: deviceId } : {}),
      limit: 100,
    },
  })

function AcknowledgeDialog({
  alarm,
  isOpen,
  onOpenChange,
  onAcknowledged,
}: {
  alarm: Alarm
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onAcknowledged?: () => void
}) {
  const formId = useId()
  const queryClient = useQueryClient()
  const notify = useNotify()
  const form = useForm({ note: '' }, (v) => ({
    note: v.note.length > NOTE_MAX && `At most ${NOTE_MAX} characters`,
  }))
  const acknowledge = useMutation({
    ...acknowledgeAlarmMutation(),
    onSuccess: () => {
      notify.success('Alarm acknowledged', 'It stays open until its condition ends.')
      void invalidate(queryClient, ['listAlarms', 'getAlarm'])
      form.reset({ note: '' })
      onOpenChange(false)
      onAcknowledged?.()
    },
    onError: (error) => {
      form.rejectError(error)
      notify.failure('Failed to acknowledge the alarm')(error)
    },
  })
  return (
    <Dialog
      title="Acknowledge alarm"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={({ close }) => (
        <>
          <Button intent="formSecondary" onPress={close}>
            Cancel
          </Button>
          <Button
            intent="formPrimary"
            type="submit"
            form={formId}
            isPending={acknowledge.isPending}
          >
            Acknowledge
          </Button>
        </>
      )}
    >
      <ServerForm
        form={form}
        id={formId}
        hideFormError
        onSubmit={(values) =>
          acknowledge.mutate({
            path: { id: alarm.id },
            body: values.note.trim() ? { note: values.note.trim() } : {},
          })
        }
      >
        <p>{alarm.message}</p>
        <TextField
          label="Note (optional)"
          description="What you are doing about it, for your colleagues."
          maxLength={NOTE_MAX}
          {...form.field('note')}
        />
      </ServerForm>
    </Dialog>
  )
}

export interface AlarmCardProps {
  alarm: Alarm
  /** Acknowledged or cleared: the list moves focus once it shows it (use-alarm-focus). */
  onSettled?: () => void
}

/** One alarm as a list item: what, where, who took it; acknowledge, snooze and clear. */
export function AlarmCard({ alarm, onSettled }: AlarmCardProps) {
  const [acknowledging, setAcknowledging] = useState(false)
  const [snoozing, setSnoozing] = useState(false)
  const queryClient = useQueryClient()
  const notify = useNotify()
  const clear = useMutation({
    ...clearAlarmMutation(),
    onSuccess: () => {
      notify.success('Alarm cleared')
      void invalidate(queryClient, ['listAlarms', 'getAlarm'])
      onSettled?.()
    },
    onError: notify.failure('Failed to clear the alarm'),
  })
  const device = String(alarm.values.device_name ?? 'Device')
  // Each button says which alarm of which device: a list of "Acknowledge Device offline" told
  // a screen reader nothing (issue 32).
  const which = <VisuallyHidden> {`${alarm.title} on ${device}`}</VisuallyHidden>
  return (
    <li>
      <Card padding="none" className={alarm.state === 'cleared' ? page.inactive : undefined}>
        <Box display="flex" flexWrap="wrap" alignItems="center" gap="md" padding="lg">
          <Stack space="xs" className={grow}>
            <h2 className={page.ruleName}>
              {alarm.title}: {device}
              <Badge size="sm" variant={severityBadge[alarm.severity]}>
                {severityLabels[alarm.severity]}
              </Badge>
              <Badge size="sm" variant={stateBadge[alarm.state]}>
                {stateLabels[alarm.state]}
              </Badge>
            </h2>
            <Text as="p" size="sm" tone="muted">
              {alarm.message}
            </Text>
            <Text as="p" size="sm" tone="muted">
              {alarm.rule_name} · raised <RelativeTime iso={alarm.raised_at} />
              {alarm.acknowledged_at && (
                <>
                  {' '}
                  · acknowledged by {alarm.acknowledged_by_name ?? 'someone'}
                  {alarm.acknowledgement_note && `: "${alarm.acknowledgement_note}"`}
                </>
              )}
              {alarm.cleared_at && (
                <>
                  {' '}
                  · cleared{' '}
                  {alarm.cleared_by === 'auto'
                    ? 'when the condition ended'
                    : `by ${alarm.cleared_by_name ?? 'hand'}`}{' '}
                  <RelativeTime iso={alarm.cleared_at} />
                </>
              )}
            </Text>
          </Stack>
          {alarm.state !== 'cleared' && (
            <Inline space="sm">
              {alarm.state === 'active' && (
                <Button intent="toolbarAction" onPress={() => setAcknowledging(true)}>
                  Acknowledge{which}
                </Button>
              )}
              {alarm.rule_id && (
                <Button intent="toolbarAction" onPress={() => setSnoozing(true)}>
                  Snooze{which}
                </Button>
              )}
              <Button
                intent="toolbarAction"
                isPending={clear.isPending}
                onPress={() => clear.mutate({ path: { id: alarm.id } })}
              >
                Clear{which}
              </Button>
            </Inline>
          )}
        </Box>
      </Card>
      <AcknowledgeDialog
        alarm={alarm}
        isOpen={acknowledging}
        onOpenChange={setAcknowledging}
        onAcknowledged={onSettled}
      />
      {alarm.rule_id && <SnoozeDialog alarm={alarm} isOpen={snoozing} onOpenChange={setSnoozing} />}
    </li>
  )
}

export interface AlarmsListProps {
  filters: AlarmFilters
  onFiltersChange: (next: AlarmFilters) => void
  /** The alarm a link named (`alarm=` in the URL): shown first, to acknowledge it there. */
  linkedAlarmId?: string
  onLinkedAlarmClose?: () => void
}

/**
 * The alarm an e-mail or webhook links to, above the list, whatever the filters and however far
 * down the list it would be.
 */
function LinkedAlarm({ id, onClose }: { id: string; onClose?: () => void }) {
  const alarm = useQuery(getAlarmOptions({ path: { id } }))
  const close = onClose && (
    <Button intent="toolbarAction" onPress={onClose}>
      Show all alarms
    </Button>
  )
  if (alarm.isPending) return <Skeleton shape="rect" height="5.5rem" />
  if (alarm.isError)
    return (
      <Notice tone="caution" role="status">
        The alarm of this link was not found: it may belong to another group than the one you are
        looking at. {close}
      </Notice>
    )
  return (
    <Stack space="sm">
      <Inline space="md" alignY="center">
        <Text as="h2" weight="medium" className={grow}>
          The alarm from your link
        </Text>
        {close}
      </Inline>
      <Stack as="ul" space="md" aria-label="Alarm from your link">
        <AlarmCard alarm={alarm.data} />
      </Stack>
    </Stack>
  )
}

/** The /notifications Alarms view: active first, by severity; filters live in the URL. */
export function AlarmsList({
  filters,
  onFiltersChange,
  linkedAlarmId,
  onLinkedAlarmClose,
}: AlarmsListProps) {
  const alarms = useQuery({ ...alarmsOptions(filters), placeholderData: keepPreviousData })
  const filtersId = useId()
  // With no alarm left to go to, the filters: where the person finds the others.
  const focus = useAlarmFocus(alarms.data?.items, () =>
    document.getElementById(filtersId)!.querySelector<HTMLElement>('button'),
  )
  return (
    <Stack space="lg">
      {linkedAlarmId && <LinkedAlarm id={linkedAlarmId} onClose={onLinkedAlarmClose} />}
      <Inline space="md" alignY="bottom" id={filtersId}>
        <Select
          label="State"
          selectedKey={filters.state ?? ALL}
          onSelectionChange={(key) =>
            onFiltersChange({ state: key === ALL ? undefined : (key as AlarmState) })
          }
        >
          <SelectItem id={ALL}>All states</SelectItem>
          {(Object.keys(stateLabels) as AlarmState[]).map((s) => (
            <SelectItem key={s} id={s}>
              {stateLabels[s]}
            </SelectItem>
          ))}
        </Select>
        <Select
          label="Severity"
          selectedKey={filters.severity ?? ALL}
          onSelectionChange={(key) =>
            onFiltersChange({ severity: key === ALL ? undefined : (key as AlarmSeverity) })
          }
        >
          <SelectItem id={ALL}>All severities</SelectItem>
          {[...severities].reverse().map((s) => (
            <SelectItem key={s} id={s}>
              {severityLabels[s]}
            </SelectItem>
          ))}
        </Select>
      </Inline>
      <WidgetBody
        query={alarms}
        what="alarms"
        loading={<CardsSkeleton label="Loading alarms..." />}
        error={{ title: 'Alarms could not be loaded' }}
        empty={
          alarms.data?.items.length === 0 && (
            <EmptyState
              icon="bolt"
              title="No alarms"
              description="Rules raise an alarm when a device goes offline or uses more energy than its threshold."
            />
          )
        }
      >
        {({ items }) => (
          <Stack as="ul" space="md" aria-label="Alarms" id={focus.listId}>
            {items.map((alarm, index) => (
              <AlarmCard
                key={alarm.id}
                alarm={alarm}
                onSettled={() => focus.onSettled(alarm, index)}
              />
            ))}
          </Stack>
        )}
      </WidgetBody>
    </Stack>
  )
}
