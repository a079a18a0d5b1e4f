import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import {
  deleteApiKeyMutation,
  invalidate,
  listApiKeysOptions,
  type ApiKey,
  type ApiKeyCreated,
} from '~/api'
import {
  Badge,
  Button,
  Column,
  ConfirmDialog,
  EmptyState,
  Icon,
  Inline,
  Stack,
  Table,
  Switch,
  Text,
  type BadgeVariant,
  type TableColumn,
} from '~/ui'
import { ListCard } from '../shared/ListCard'
import { formatDateTime } from '~/lib/format'
import { parseRole } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { RowAction } from '../shared/RowAction'
import { useAppServices, useGroupScope } from '../shared/use-app-services'
import * as styles from '../shared/page.css'
import { ApiKeyCreatedDialog } from './ApiKeyCreatedDialog'
import { ApiKeyFormDialog } from './ApiKeyFormDialog'
import { choosesGroup, groupName, roleLabels } from './user-rules'

const statusLabels: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
}
const statusVariants: Record<ApiKey['status'], BadgeVariant> = {
  active: 'success',
  expired: 'warning',
  revoked: 'secondary',
}

interface KeysContext {
  groupNameOf: (key: ApiKey) => string
  onRevoke: (key: ApiKey) => void
}

const columns: TableColumn<ApiKey, KeysContext>[] = [
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    render: (k, { groupNameOf }) => (
      <>
        <Text weight="medium" breakWord>
          {k.name}
        </Text>
        <Text as="div" size="xs" tone="muted" breakWord className={styles.narrowOnly}>
          {roleLabels[parseRole(k.role)]} · {groupNameOf(k)}
          {k.status !== 'active' && ` · ${statusLabels[k.status]}`}
        </Text>
      </>
    ),
  },
  {
    id: 'status',
    name: 'Status',
    hideWhenNarrow: true,
    render: (k) => (
      <>
        <Badge variant={statusVariants[k.status]} size="sm">
          {statusLabels[k.status]}
        </Badge>
        {k.revoked_at && (
          <Text as="div" size="xs" tone="muted" breakWord>
            {formatDateTime(k.revoked_at)} by {k.revoked_by_name ?? 'an account since removed'}
          </Text>
        )}
      </>
    ),
  },
  { id: 'role', name: 'Role', hideWhenNarrow: true, render: (k) => roleLabels[parseRole(k.role)] },
  {
    id: 'group',
    name: 'Group',
    hideWhenNarrow: true,
    render: (k, { groupNameOf }) => groupNameOf(k),
  },
  {
    id: 'created',
    name: 'Created',
    hideWhenNarrow: true,
    render: (k) => (
      <>
        <span>{formatDateTime(k.created_at)}</span>
        <Text as="div" size="xs" tone="muted" breakWord>
          by {k.created_by_name}
        </Text>
      </>
    ),
  },
  {
    id: 'expires',
    name: 'Expires',
    render: (k) => (k.expires_at ? formatDateTime(k.expires_at) : 'Never'),
  },
  {
    id: 'last-used',
    name: 'Last used',
    hideWhenNarrow: true,
    render: (k) => (k.last_used_at ? formatDateTime(k.last_used_at) : 'Never'),
  },
  {
    id: 'actions',
    name: 'Actions',
    align: 'end',
    width: '1%',
    render: (k, { onRevoke }) =>
      k.status !== 'revoked' && (
        <RowAction icon="trash" label={`Revoke ${k.name}`} onPress={() => onRevoke(k)} />
      ),
  },
]

/**
 * API keys of service accounts: elevated users see every key (or the chosen group's), admins
 * their group's. A new key is shown once; revoking acts at once. Revoked and expired keys stay
 * on record, hidden until asked for.
 */
export function ApiKeysTab({ editor }: { editor: SessionUser }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const scope = useGroupScope()
  const keys = useQuery(listApiKeysOptions())
  const groups = useQuery(scopeGroupsOptions())
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<ApiKeyCreated | null>(null)
  const [revoking, setRevoking] = useState<ApiKey | null>(null)
  const [showEnded, setShowEnded] = useState(false)

  const revoke = useMutation({
    ...deleteApiKeyMutation(),
    onSuccess: () => {
      void invalidate(queryClient, 'listApiKeys')
      feedback.push({
        key: 'api-key-revoke',
        severity: 'success',
        title: 'API key revoked',
        message: 'Requests with it are refused from now on.',
      })
    },
    onError: () =>
      feedback.push({
        key: 'api-key-revoke',
        severity: 'error',
        title: 'Failed to revoke API key',
        message: 'Try again in a moment.',
      }),
  })

  const newKey = (
    <Button intent="formPrimary" onPress={() => setCreating(true)}>
      <Icon name="plus" size="sm" /> New API key
    </Button>
  )
  const groupList = groups.data?.items ?? []
  const all = keys.data?.items ?? []
  const rows = showEnded ? all : all.filter((k) => k.status === 'active')
  const ended = all.length - all.filter((k) => k.status === 'active').length
  const context: KeysContext = {
    groupNameOf: (k) => (k.group_id === null ? 'All groups' : groupName(k.group_id, groupList)),
    onRevoke: setRevoking,
  }
  return (
    <Stack space="lg">
      <Inline space="md" alignY="center">
        <Switch isSelected={showEnded} onChange={setShowEnded}>
          Show revoked and expired ({ended})
        </Switch>
        <Column as="span" />
        {newKey}
      </Inline>
      <ListCard
        query={keys}
        loading="Loading API keys"
        error={{ message: 'The API keys could not be loaded.' }}
        empty={
          rows.length === 0 &&
          (all.length === 0 ? (
            <EmptyState
              icon="users"
              title="No API keys yet"
              description="An API key lets a script or integration call the API with a role of its own, without signing in."
              action={newKey}
            />
          ) : (
            <EmptyState
              icon="users"
              title="No active API keys"
              description={`${ended} revoked or expired ${ended === 1 ? 'key is' : 'keys are'} kept on record: show them with the switch above.`}
              action={newKey}
            />
          ))
        }
      >
        <Table aria-label="API keys" columns={columns} rows={rows} context={context} />
      </ListCard>
      <ApiKeyFormDialog
        editor={editor}
        defaultGroupId={choosesGroup(editor.role) ? scope : null}
        isOpen={creating}
        onOpenChange={setCreating}
        onCreated={setCreated}
      />
      <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key?"
        message={
          revoking
            ? `Requests with “${revoking.name}” are refused at once, on every server. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke key"
        onConfirm={() => revoking && revoke.mutate({ path: { id: revoking.id } })}
      />
    </Stack>
  )
}
