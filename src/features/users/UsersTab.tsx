import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { deleteUserMutation, type Group, type User } from '~/api'
import { Button, ConfirmDialog, EmptyState, Icon, Inline, SearchField, Stack } from '~/ui'
import { ListCard } from '../shared/ListCard'
import { scopeGroupsOptions } from '../scope/scope-queries'
import type { SessionUser } from '../auth/session'
import { useAppServices, useGroupScope } from '../shared/use-app-services'
import { Pager } from './Pager'
import { UserFormDialog } from './UserFormDialog'
import { UsersTable } from './UsersTable'
import { invalidatePeople, usersListOptions } from './users-cache'
import { USERS_PAGE_SIZE, displayName, matchUsers } from './user-rules'
import { useSettled } from '../shared/use-settled'
import { grow } from '../shared/page.css'

type Editing = { kind: 'create' } | { kind: 'edit'; user: User } | null

const NO_GROUPS: readonly Group[] = []

/** The users of the scope: search, paging, create, edit and delete. */
export function UsersTab({ editor }: { editor: SessionUser }) {
  const queryClient = useQueryClient()
  const { feedback } = useAppServices()
  const scope = useGroupScope()
  const [skip, setSkip] = useState(0)
  const [search, setSearch] = useState('')
  const searched = useSettled(search.trim())
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const users = useQuery({ ...usersListOptions(skip, searched), placeholderData: keepPreviousData })
  const groups = useQuery(scopeGroupsOptions())
  const groupList = groups.data?.items ?? NO_GROUPS
  // Stable, so typing in the search leaves the table's rows alone.
  const edit = useCallback((user: User) => setEditing({ kind: 'edit', user }), [])

  const remove = useMutation({
    ...deleteUserMutation(),
    onSuccess: () => void invalidatePeople(queryClient),
    onError: () => {
      feedback.push({
        title: 'Failed to delete user',
        message: 'Please try again, or refresh the list if the user is already gone.',
      })
    },
  })
  function confirmDelete(user: User) {
    remove.mutate(
      { path: { id: user.id } },
      {
        onSuccess: () =>
          feedback.push({
            severity: 'success',
            title: 'User deleted',
            message: `${displayName(user)} can no longer sign in.`,
          }),
      },
    )
  }

  // The server searches every user; the page at hand narrows at once while it answers.
  const items = users.data ? matchUsers(users.data.items, search) : []
  const total = users.data?.total ?? 0
  // Nothing on this page matches, but the server has not answered for the whole list yet.
  const waitingForSearch = search.trim() !== searched || users.isPlaceholderData
  const newUser = (
    <Button intent="formPrimary" onPress={() => setEditing({ kind: 'create' })}>
      <Icon name="plus" size="sm" /> New user
    </Button>
  )

  return (
    <Stack space="lg">
      <Inline space="md" alignY="bottom">
        <SearchField
          label="Search users"
          className={grow}
          value={search}
          onChange={(text) => {
            setSearch(text)
            setSkip(0)
          }}
          placeholder="Name or e-mail"
        />
        {newUser}
      </Inline>
      <ListCard
        query={users}
        loading="Loading users"
        skeletonRows={4}
        isLoading={items.length === 0 && waitingForSearch}
        error={{ message: 'The users could not be loaded.' }}
        empty={
          total === 0 && !searched && !search.trim() ? (
            <EmptyState
              icon="users"
              title="No users yet"
              description="Create the first user of this group so they can sign in."
              action={newUser}
            />
          ) : (
            items.length === 0 && (
              <EmptyState
                icon="search"
                title="No users match your search"
                description={`No name or e-mail contains '${search.trim()}'.`}
              />
            )
          )
        }
      >
        <UsersTable
          users={items}
          groups={groupList}
          editor={editor}
          onEdit={edit}
          onDelete={setDeleting}
        />
        <Pager
          skip={skip}
          pageSize={USERS_PAGE_SIZE}
          total={total}
          onSkipChange={setSkip}
          noun="users"
        />
      </ListCard>
      {editing && (
        <UserFormDialog
          key={editing.kind === 'edit' ? editing.user.id : 'new'}
          editor={editor}
          user={editing.kind === 'edit' ? editing.user : undefined}
          defaultGroupId={scope ?? editor.group_id}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete user?"
        message={
          deleting
            ? `${displayName(deleting)} (${deleting.email}) will be signed out and can no longer sign in. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete user"
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </Stack>
  )
}
