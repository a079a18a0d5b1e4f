import { useMemo } from 'react'
import type { Group, User } from '~/api'
import { Badge, Table, Text, type BadgeVariant, type TableColumn } from '~/ui'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { RowAction } from '../shared/RowAction'
import { canDeleteUser, canEditUser, displayName, groupName, roleLabels } from './user-rules'
import * as styles from '../shared/page.css'

const roleBadge: Record<Role, BadgeVariant> = {
  DEVELOPER: 'brand',
  SUPERUSER: 'info',
  ADMIN: 'secondary',
  USER: 'outline',
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

export function RoleBadge({ role }: { role: User['role'] }) {
  const parsed = parseRole(role)
  return (
    <Badge variant={roleBadge[parsed]} size="sm">
      {roleLabels[parsed]}
    </Badge>
  )
}

export interface UsersTableProps {
  users: readonly User[]
  groups: readonly Pick<Group, 'id' | 'name'>[]
  editor: SessionUser
  onEdit: (user: User) => void
  onDelete: (user: User) => void
}

/** What the cells read besides their row. */
type Context = Omit<UsersTableProps, 'users'>

const columns: TableColumn<User, Context>[] = [
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    render: (user, { editor, groups }) => (
      <>
        <Text weight="medium" breakWord>
          {displayName(user)}
          {user.id === editor.id && ' (you)'}
        </Text>
        <Text as="div" size="xs" tone="muted" breakWord>
          {user.email}
        </Text>
        <Text as="div" size="xs" tone="muted" breakWord className={styles.narrowOnly}>
          <RoleBadge role={user.role} /> {groupName(user.group_id, groups)}
        </Text>
      </>
    ),
  },
  { id: 'role', name: 'Role', hideWhenNarrow: true, render: (u) => <RoleBadge role={u.role} /> },
  {
    id: 'group',
    name: 'Group',
    hideWhenNarrow: true,
    render: (u, c) => groupName(u.group_id, c.groups),
  },
  {
    id: 'created',
    name: 'Created',
    hideWhenNarrow: true,
    render: (u) => dateFormat.format(new Date(u.created_at)),
  },
  {
    id: 'actions',
    name: 'Actions',
    align: 'end',
    width: '1%',
    render: (user, { editor, onEdit, onDelete }) => (
      <>
        {canEditUser(editor, user) && (
          <RowAction icon="edit" label={`Edit ${displayName(user)}`} onPress={() => onEdit(user)} />
        )}
        {canDeleteUser(editor, user) && (
          <RowAction
            icon="trash"
            label={`Delete ${displayName(user)}`}
            onPress={() => onDelete(user)}
          />
        )}
      </>
    ),
  },
]

/** Users with their role and group; the actions a row offers depend on what the editor may do. */
export function UsersTable({ users, groups, editor, onEdit, onDelete }: UsersTableProps) {
  // One context while only the rows change (typing in the search): the rows stay rendered.
  const context = useMemo(
    () => ({ groups, editor, onEdit, onDelete }),
    [groups, editor, onEdit, onDelete],
  )
  return <Table aria-label="Users table" columns={columns} rows={users} context={context} />
}
