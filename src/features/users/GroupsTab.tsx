import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { deleteGroupMutation, type Group } from '~/api'
import { Button, ConfirmDialog, EmptyState, Icon, Inline, Stack } from '~/ui'
import { ListCard } from '../shared/ListCard'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { isElevated } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { useAppServices, useGroupScope } from '../shared/use-app-services'
import { UserFormDialog } from './UserFormDialog'
import { invalidatePeople } from './users-cache'
import { GroupFormDialog } from './GroupFormDialog'
import { EnergySettingsDialog } from '../billing/EnergySettingsDialog'
import { plural } from '~/lib/plural'
import { GroupMembersDialog } from './GroupMembersDialog'
import { GroupsTable } from './GroupsTable'
import { groupFeedback } from './group-feedback'

type Dialogs =
  | { kind: 'create' }
  | { kind: 'edit'; group: Group }
  | { kind: 'energy'; group: Group }
  | { kind: 'members'; group: Group }
  | { kind: 'addMember'; group: Group }
  | { kind: 'delete'; group: Group }
  | null

/**
 * Groups (tenants): elevated users see and create every group, admins see and edit their own.
 * Deleting needs the developer or superuser role; members are unassigned, not deleted. Whoever
 * edits a group also sets its energy settings: billing cycle, currency, tariffs, emission factors.
 */
export function GroupsTab({ editor }: { editor: SessionUser }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const scope = useGroupScope()
  const groups = useQuery(scopeGroupsOptions())
  const [dialog, setDialog] = useState<Dialogs>(null)
  const close = () => setDialog(null)
  const elevated = isElevated(editor.role)

  const remove = useMutation({
    ...deleteGroupMutation(),
    onSuccess: () => {
      void invalidatePeople(queryClient)
      feedback.push(groupFeedback.deleted)
    },
    onError: () => feedback.push(groupFeedback.deleteFailed),
  })

  const newGroup = elevated && (
    <Button intent="formPrimary" onPress={() => setDialog({ kind: 'create' })}>
      <Icon name="plus" size="sm" /> New group
    </Button>
  )
  const items = groups.data?.items ?? []
  return (
    <Stack space="lg">
      {newGroup && <Inline space="md">{newGroup}</Inline>}
      <ListCard
        query={groups}
        loading="Loading groups"
        error={{ message: 'The groups could not be loaded.' }}
        empty={
          items.length === 0 && (
            <EmptyState
              icon="users"
              title="No groups yet"
              description="A group is a tenant: create one, then add its members and devices."
              action={newGroup || undefined}
            />
          )
        }
      >
        <GroupsTable
          groups={items}
          scope={scope}
          canEdit={(group) => elevated || group.id === editor.group_id}
          canDelete={elevated}
          onMembers={(group) => setDialog({ kind: 'members', group })}
          onEdit={(group) => setDialog({ kind: 'edit', group })}
          onEnergy={(group) => setDialog({ kind: 'energy', group })}
          onDelete={(group) => setDialog({ kind: 'delete', group })}
        />
      </ListCard>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <GroupFormDialog
          key={dialog.kind === 'edit' ? dialog.group.id : 'new'}
          group={dialog.kind === 'edit' ? dialog.group : undefined}
          isOpen
          onOpenChange={(open) => !open && close()}
          onCreated={(group) => setDialog({ kind: 'members', group })}
        />
      )}
      {dialog?.kind === 'energy' && (
        <EnergySettingsDialog
          key={dialog.group.id}
          group={dialog.group}
          isOpen
          onOpenChange={(open) => !open && close()}
        />
      )}
      {dialog?.kind === 'members' && (
        <GroupMembersDialog
          group={dialog.group}
          isOpen
          onOpenChange={(open) => !open && close()}
          onAddMember={() => setDialog({ kind: 'addMember', group: dialog.group })}
        />
      )}
      {dialog?.kind === 'addMember' && (
        <UserFormDialog
          editor={editor}
          defaultGroupId={dialog.group.id}
          isOpen
          onOpenChange={(open) => !open && setDialog({ kind: 'members', group: dialog.group })}
        />
      )}
      <ConfirmDialog
        isOpen={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && close()}
        title="Delete group?"
        message={
          dialog?.kind === 'delete'
            ? `${dialog.group.name} will be deleted and its ${plural(dialog.group.member_count, 'member')} unassigned. A group that still has devices or notification rules cannot be deleted.`
            : ''
        }
        confirmLabel="Delete group"
        onConfirm={() =>
          dialog?.kind === 'delete' && remove.mutate({ path: { id: dialog.group.id } })
        }
      />
    </Stack>
  )
}
