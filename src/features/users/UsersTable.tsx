import type { Group, User } from '../../api'
import { Badge, type BadgeVariant } from '../../ui'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { ListTable, RowAction, type ListColumn } from '../shared/ListTable'
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

const columns: ListColumn<User, UsersTableProps>[] = [
  {
    name: 'Name',
    render: (user, { editor, groups }) => (
      <>
        <span className={styles.primaryText}>
          {displayName(user)}
          {user.id === editor.id && ' (you)'}
        </span>
        <span className={styles.secondaryText}>{user.email}</span>
        <span className={`${styles.secondaryText} ${styles.narrowOnly}`}>
          <RoleBadge role={user.role} /> {groupName(user.group_id, groups)}
        </span>
      </>
    ),
  },
  { name: 'Role', className: styles.wideOnly, render: (u) => <RoleBadge role={u.role} /> },
  { name: 'Group', className: styles.wideOnly, render: (u, c) => groupName(u.group_id, c.groups) },
  {
    name: 'Created',
    className: styles.wideOnly,
    render: (u) => dateFormat.format(new Date(u.created_at)),
  },
  {
    name: 'Actions',
    className: styles.actionsCell,
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
export function UsersTable(props: UsersTableProps) {
  return <ListTable label="Users table" columns={columns} rows={props.users} context={props} />
}
