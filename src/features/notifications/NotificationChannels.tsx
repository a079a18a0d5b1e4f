import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNotificationGroup } from './notification-group'
import { useState } from 'react'
import {
  deleteNotificationChannelMutation,
  invalidate,
  listNotificationChannelsOptions,
  normalizeError,
  testNotificationChannelMutation,
  updateNotificationChannelMutation,
  type NotificationChannel,
  type NotificationChannelWithSecret,
} from '~/api'
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  Icon,
  Inline,
  Menu,
  MenuItem,
  MenuTrigger,
  Notice,
  Stack,
  Table,
  Text,
  type TableColumn,
} from '~/ui'
import { ListCard } from '../shared/ListCard'
import type { Role } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import { useAppServices } from '../shared/use-app-services'
import * as styles from '../shared/page.css'
import {
  ChannelDeliveriesDialog,
  ChannelDialog,
  ChannelSecretDialog,
  MAIL_NOT_CONFIGURED,
} from './ChannelDialogs'
import { channelTarget, channelTypeLabels, describeOutcome } from './channel-form'
import { useNotify } from './use-notify'

/** openapi.yaml 'channels': managing channels (and their tests and logs) needs admin or above. */
const canManageChannels = (role: Role) => role !== 'USER'

type ChannelAction = 'test' | 'deliveries' | 'edit' | 'rotate' | 'delete'

interface ChannelsContext {
  canManage: boolean
  testing: string | null
  onAction: (channel: NotificationChannel, action: ChannelAction) => void
}

const columns: TableColumn<NotificationChannel, ChannelsContext>[] = [
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    render: (c) => (
      <>
        <Text weight="medium" breakWord>
          {c.name}
        </Text>
        <Text as="div" size="xs" tone="muted" breakWord className={styles.narrowOnly}>
          {channelTypeLabels[c.type]} · {channelTarget(c)}
        </Text>
      </>
    ),
  },
  { id: 'type', name: 'Type', hideWhenNarrow: true, render: (c) => channelTypeLabels[c.type] },
  {
    id: 'target',
    name: 'Sends to',
    hideWhenNarrow: true,
    render: (c) => (
      <>
        <Text weight="medium" breakWord>
          {channelTarget(c)}
        </Text>
        {c.mail_configured === false && (
          <span>
            <Badge size="sm" variant="warning">
              Mail not configured
            </Badge>
          </span>
        )}
      </>
    ),
  },
  {
    id: 'actions',
    name: 'Actions',
    align: 'end',
    width: '1%',
    render: (c, { canManage, testing, onAction }) =>
      canManage ? (
        <Inline space="xs" wrap="nowrap">
          <Button
            intent="toolbarAction"
            isPending={testing === c.id}
            onPress={() => onAction(c, 'test')}
            aria-label={`Send test to ${c.name}`}
          >
            Send test
          </Button>
          <MenuTrigger>
            <Button intent="iconGhost" aria-label={`More actions for ${c.name}`}>
              <Icon name="chevronDown" size="sm" />
            </Button>
            <Menu onAction={(key) => onAction(c, key as ChannelAction)}>
              <MenuItem id="deliveries">Deliveries</MenuItem>
              <MenuItem id="edit">Edit</MenuItem>
              {c.type === 'webhook' && <MenuItem id="rotate">Rotate secret</MenuItem>}
              <MenuItem id="delete" isDanger>
                Delete
              </MenuItem>
            </Menu>
          </MenuTrigger>
        </Inline>
      ) : null,
  },
]

function useChannelActions(onSecret: (c: NotificationChannelWithSecret) => void) {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const { feedback } = useAppServices()
  const test = useMutation({
    ...testNotificationChannelMutation(),
    onSuccess: (delivery, { path }) => {
      void invalidate(queryClient, 'listChannelDeliveries')
      const channel = queryClient
        .getQueryData<{ items: NotificationChannel[] }>(listNotificationChannelsOptions().queryKey)
        ?.items.find((c) => c.id === path.id)
      const outcome = describeOutcome(delivery, channel?.type ?? 'webhook')
      feedback.push(
        delivery.status === 'sent'
          ? { severity: 'success', title: 'Test message sent', message: outcome }
          : { severity: 'error', title: 'Test message failed', message: outcome },
      )
    },
    onError: notify.failure('Failed to send the test message'),
  })
  const rotate = useMutation({
    ...updateNotificationChannelMutation(),
    onSuccess: (answer) => {
      notify.success('Secret rotated', 'The old secret no longer signs webhooks.')
      onSecret(answer)
    },
    onError: notify.failure('Failed to rotate the secret'),
  })
  const remove = useMutation({
    ...deleteNotificationChannelMutation(),
    onSuccess: () => {
      notify.success('Channel deleted')
      void invalidate(queryClient, ['listNotificationChannels', 'listNotificationRules'])
    },
    onError: notify.failure('Failed to delete the channel'),
  })
  return { test, rotate, remove }
}

function ChannelsList({ groupId, canManage }: { groupId: string; canManage: boolean }) {
  const channels = useQuery(listNotificationChannelsOptions())
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<NotificationChannel | null>(null)
  const [logOf, setLogOf] = useState<NotificationChannel | null>(null)
  const [confirm, setConfirm] = useState<{
    channel: NotificationChannel
    action: 'rotate' | 'delete'
  } | null>(null)
  const [secret, setSecret] = useState<NotificationChannelWithSecret | null>(null)
  const actions = useChannelActions(setSecret)
  const mailConfigured = channels.data?.mail_configured ?? true
  const rows = (channels.data?.items ?? []).filter((c) => c.group_id === groupId)
  const context: ChannelsContext = {
    canManage,
    testing: actions.test.isPending ? (actions.test.variables?.path.id ?? null) : null,
    onAction: (channel, action) => {
      if (action === 'test') actions.test.mutate({ path: { id: channel.id } })
      else if (action === 'deliveries') setLogOf(channel)
      else if (action === 'edit') setEditing(channel)
      else setConfirm({ channel, action })
    },
  }
  const newChannel = canManage && (
    <Button intent="formPrimary" onPress={() => setCreating(true)}>
      <Icon name="plus" size="sm" /> New channel
    </Button>
  )
  return (
    <Stack space="lg">
      {newChannel && (
        <Inline space="md" align="end">
          {newChannel}
        </Inline>
      )}
      {channels.data && !mailConfigured && rows.some((c) => c.type === 'email') && (
        <Notice tone="caution" role="status">
          {MAIL_NOT_CONFIGURED}
        </Notice>
      )}
      <ListCard
        query={channels}
        loading="Loading channels"
        error={{
          title: 'Channels could not be loaded',
          message: normalizeError(channels.error, 'Try again in a moment.').message,
        }}
        empty={
          rows.length === 0 && (
            <EmptyState
              icon="bell"
              title="No channels yet"
              description="A channel sends a rule's alarms by e-mail or to a webhook (your team's chat, an on-call service)."
            />
          )
        }
      >
        <Table
          aria-label="Notification channels"
          columns={canManage ? columns : columns.filter((c) => c.id !== 'actions')}
          rows={rows}
          context={context}
        />
      </ListCard>
      {canManage && (
        <>
          <ChannelDialog
            groupId={groupId}
            mailConfigured={mailConfigured}
            isOpen={creating}
            onOpenChange={setCreating}
            onSecret={setSecret}
          />
          {editing && (
            <ChannelDialog
              key={editing.updated_at}
              groupId={groupId}
              channel={editing}
              mailConfigured={mailConfigured}
              isOpen
              onOpenChange={(open) => !open && setEditing(null)}
              onSecret={setSecret}
            />
          )}
          <ChannelDeliveriesDialog channel={logOf} onClose={() => setLogOf(null)} />
          <ChannelSecretDialog channel={secret} onClose={() => setSecret(null)} />
          <ConfirmDialog
            isOpen={confirm !== null}
            onOpenChange={(open) => !open && setConfirm(null)}
            title={confirm?.action === 'rotate' ? 'Rotate the signing secret?' : 'Delete channel?'}
            message={
              !confirm
                ? ''
                : confirm.action === 'rotate'
                  ? `Webhooks to “${confirm.channel.name}” are signed with a new secret from now on: the receiver needs it to verify them.`
                  : `“${confirm.channel.name}” and its delivery log are deleted; rules that name it stop sending to it. Deliveries still pending are dropped.`
            }
            destructive={confirm?.action === 'delete'}
            confirmLabel={confirm?.action === 'rotate' ? 'Rotate secret' : 'Delete channel'}
            onConfirm={() => {
              if (!confirm) return
              const path = { id: confirm.channel.id }
              if (confirm.action === 'rotate')
                actions.rotate.mutate({ path, body: { rotate_secret: true } })
              else actions.remove.mutate({ path })
            }}
          />
        </>
      )}
    </Stack>
  )
}

/** The /notifications Channels tab: a group's e-mail and webhook channels; admins manage them. */
export function NotificationChannels() {
  const user = useSessionUser()
  const groupId = useNotificationGroup(user)
  if (!user) return null
  if (!groupId) {
    return (
      <EmptyState
        icon="users"
        title="Choose a group to see its channels"
        description="Channels belong to a group. Pick one in the Group scope selector of your user menu."
      />
    )
  }
  return <ChannelsList key={groupId} groupId={groupId} canManage={canManageChannels(user.role)} />
}
