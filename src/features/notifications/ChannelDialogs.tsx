import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  createNotificationChannelMutation,
  invalidate,
  listChannelDeliveriesOptions,
  updateNotificationChannelMutation,
  type ChannelDelivery,
  type ChannelType,
  type NotificationChannel,
  type NotificationChannelWithSecret,
} from '~/api'
import {
  Badge,
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  Icon,
  Notice,
  Select,
  SelectItem,
  SkeletonRows,
  Table,
  Text,
  TextField,
  type TableColumn,
} from '~/ui'
import { formatDateTime } from '~/lib/format'
import { FormDialog } from '../shared/ServerForm'
import { useForm } from '../shared/use-form'
import {
  CHANNEL_NAME_MAX,
  URL_MAX,
  channelFormValues,
  channelTypeLabels,
  checkChannel,
  deliverySubject,
  describeOutcome,
  emptyChannelForm,
  toChannelInput,
  toChannelPatch,
  type ChannelFormValues,
} from './channel-form'
import { useNotify } from './use-notify'

export const MAIL_NOT_CONFIGURED =
  'E-mail is not configured on this server: e-mail channels cannot send until an administrator sets SMTP_URL (see the README).'

export interface ChannelDialogProps {
  groupId: string
  /** The channel to edit; without one the dialog creates a channel. */
  channel?: NotificationChannel
  /** Whether the server can send e-mail (the channel list says). */
  mailConfigured: boolean
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** A new webhook channel, with its secret to show once. */
  onSecret: (channel: NotificationChannelWithSecret) => void
}

/** Creates an e-mail or webhook channel in the group, or edits one (its type stays). */
export function ChannelDialog({
  groupId,
  channel,
  mailConfigured,
  isOpen,
  onOpenChange,
  onSecret,
}: ChannelDialogProps) {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const initial = channel ? channelFormValues(channel) : emptyChannelForm
  const form = useForm<ChannelFormValues>(initial, checkChannel)
  const saved = (title: string) => (answer: NotificationChannelWithSecret) => {
    notify.success(title)
    void invalidate(queryClient, 'listNotificationChannels')
    if (!channel) form.reset(emptyChannelForm)
    onOpenChange(false)
    if (answer.secret) onSecret(answer)
  }
  const rejected = (title: string) => (error: unknown) => {
    form.rejectError(error)
    notify.failure(title)(error)
  }
  const create = useMutation({
    ...createNotificationChannelMutation(),
    onSuccess: saved('Channel created'),
    onError: rejected('Failed to create the channel'),
  })
  const update = useMutation({
    ...updateNotificationChannelMutation(),
    onSuccess: saved('Channel updated'),
    onError: rejected('Failed to update the channel'),
  })
  const changeOpen = (open: boolean) => {
    if (!open) form.reset(initial)
    onOpenChange(open)
  }
  const submit = (values: ChannelFormValues) =>
    channel
      ? update.mutate({ path: { id: channel.id }, body: toChannelPatch(values) })
      : create.mutate({ body: toChannelInput(values, groupId) })
  const type = form.values.type
  return (
    <FormDialog
      title={channel ? 'Edit channel' : 'New channel'}
      isOpen={isOpen}
      onOpenChange={changeOpen}
      form={form}
      onSubmit={submit}
      isPending={create.isPending || update.isPending}
      submitLabel={channel ? 'Save changes' : 'Create channel'}
      hideFormError
    >
      <Select
        label="Type"
        selectedKey={type}
        onSelectionChange={(key) => form.set('type')(key as ChannelType)}
        // A channel keeps its type: a new type is a new channel.
        isDisabled={Boolean(channel)}
      >
        {(Object.keys(channelTypeLabels) as ChannelType[]).map((t) => (
          <SelectItem key={t} id={t}>
            {channelTypeLabels[t]}
          </SelectItem>
        ))}
      </Select>
      <TextField
        label="Name"
        isRequired
        maxLength={CHANNEL_NAME_MAX}
        description="How rules name it, e.g. “Team chat” or “On-call”."
        {...form.field('name')}
      />
      {type === 'email' ? (
        <>
          {!mailConfigured && (
            <Notice tone="caution" role="status">
              {MAIL_NOT_CONFIGURED}
            </Notice>
          )}
          <TextField
            label="Addresses"
            isRequired
            description="One or more, separated by commas (at most 20)."
            {...form.field('addresses')}
          />
        </>
      ) : (
        <TextField
          label="URL"
          type="url"
          isRequired
          maxLength={URL_MAX}
          description="A public https address that receives a signed POST per alarm raised and cleared (internal receivers only where the server allows them)."

          {...form.field('url')}
        />
      )}
    </FormDialog>
  )
}

export interface ChannelSecretDialogProps {
  /** The channel just made or rotated, with its secret; null when closed. */
  channel: NotificationChannelWithSecret | null
  onClose: () => void
}

/** A webhook's signing secret, shown this once, with a copy button. */
export function ChannelSecretDialog({ channel, onClose }: ChannelSecretDialogProps) {
  const [copied, setCopied] = useState(false)
  const secret = channel?.secret ?? ''
  return (
    <Dialog
      title={channel ? `Signing secret of “${channel.name}”` : 'Signing secret'}
      isOpen={channel !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false)
          onClose()
        }
      }}
      isDismissable={false}
      footer={({ close }) => (
        <Button intent="formPrimary" onPress={close}>
          Done
        </Button>
      )}
    >
      <p>
        Copy the secret now: it is not shown again. The receiver checks each webhook&apos;s
        signature with it (Standard Webhooks).
      </p>
      <TextField label="Secret" value={secret} isReadOnly />
      <Button
        intent="formSecondary"
        onPress={() =>
          void navigator.clipboard.writeText(secret).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied && <Icon name="check" size="sm" />}
        {copied ? 'Secret copied' : 'Copy secret'}
      </Button>
    </Dialog>
  )
}

const statusBadge = { sent: 'success', failed: 'destructive', pending: 'secondary' } as const
const statusLabels = { sent: 'Sent', failed: 'Failed', pending: 'Pending' } as const

const deliveryColumns: TableColumn<ChannelDelivery, { type: ChannelType }>[] = [
  {
    id: 'time',
    name: 'Time',
    isRowHeader: true,
    render: (d) => (
      <>
        <span>{formatDateTime(d.last_attempt_at ?? d.created_at)}</span>
        <Text as="div" size="xs" tone="muted" breakWord>
          {deliverySubject(d)}
        </Text>
      </>
    ),
  },
  {
    id: 'status',
    name: 'Status',
    render: (d) => (
      <Badge size="sm" variant={statusBadge[d.status]}>
        {statusLabels[d.status]}
      </Badge>
    ),
  },
  {
    id: 'attempts',
    name: 'Attempts',
    align: 'end',
    hideWhenNarrow: true,
    render: (d) => d.attempts,
  },
  {
    id: 'code',
    name: 'Response',
    hideWhenNarrow: true,
    render: (d) => d.response_code ?? '—',
  },
  {
    id: 'error',
    name: 'Error',
    render: (d, { type }) =>
      d.status === 'sent' ? (
        '—'
      ) : (
        <Text as="div" size="xs" tone="muted" breakWord>
          {describeOutcome(d, type)}
          {d.status === 'pending' && d.next_attempt_at && (
            <>. Next attempt {formatDateTime(d.next_attempt_at)}.</>
          )}
        </Text>
      ),
  },
]

/** A channel's recent deliveries, newest first: time, status, attempts, response code, error. */
export function ChannelDeliveryLog({ channel }: { channel: NotificationChannel }) {
  const deliveries = useQuery(listChannelDeliveriesOptions({ path: { id: channel.id } }))
  if (deliveries.isPending) return <SkeletonRows label="Loading deliveries" padded={false} />
  if (deliveries.isError)
    return (
      <ErrorState
        size="sm"
        message="The deliveries could not be loaded."
        onRetry={() => void deliveries.refetch()}
        isRetrying={deliveries.isFetching}
      />
    )
  if (deliveries.data.items.length === 0)
    return (
      <EmptyState
        size="sm"
        icon="bell"
        title="No deliveries yet"
        description="Alarms of the rules that name this channel, and test messages, show here."
      />
    )
  return (
    <Table
      aria-label={`Deliveries of ${channel.name}`}
      columns={deliveryColumns}
      rows={deliveries.data.items}
      context={{ type: channel.type }}
    />
  )
}

export function ChannelDeliveriesDialog({
  channel,
  onClose,
}: {
  channel: NotificationChannel | null
  onClose: () => void
}) {
  return (
    <Dialog
      title={channel ? `Deliveries of “${channel.name}”` : 'Deliveries'}
      size="lg"
      isOpen={channel !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {channel && <ChannelDeliveryLog channel={channel} />}
    </Dialog>
  )
}
