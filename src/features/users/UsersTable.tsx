import type { Group, User } from '../../api'
import { Badge, Button, Icon, type BadgeVariant } from '../../ui'
import { parseRole, type Role } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { canDeleteUser, canEditUser, displayName, groupName, roleLabels } from './user-rules'
import * as styles from './page.css'

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

/** Users with their role and group; the actions a row offers depend on what the editor may do. */
export function UsersTable({ users, groups, editor, onEdit, onDelete }: UsersTableProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- lets keyboard users scroll the table sideways
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Users table">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.th}>
              Name
            </th>
            <th scope="col" className={`${styles.th} ${styles.wideOnly}`}>
              Role
            </th>
            <th scope="col" className={`${styles.th} ${styles.wideOnly}`}>
              Group
            </th>
            <th scope="col" className={`${styles.th} ${styles.wideOnly}`}>
              Created
            </th>
            <th scope="col" className={`${styles.th} ${styles.actionsCell}`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className={styles.row}>
              <td className={styles.td}>
                <span className={styles.primaryText}>
                  {displayName(user)}
                  {user.id === editor.id && ' (you)'}
                </span>
                <span className={styles.secondaryText}>{user.email}</span>
                <span className={`${styles.secondaryText} ${styles.narrowOnly}`}>
                  <RoleBadge role={user.role} /> {groupName(user.group_id, groups)}
                </span>
              </td>
              <td className={`${styles.td} ${styles.wideOnly}`}>
                <RoleBadge role={user.role} />
              </td>
              <td className={`${styles.td} ${styles.wideOnly}`}>
                {groupName(user.group_id, groups)}
              </td>
              <td className={`${styles.td} ${styles.wideOnly}`}>
                {dateFormat.format(new Date(user.created_at))}
              </td>
              <td className={`${styles.td} ${styles.actionsCell}`}>
                {canEditUser(editor, user) && (
                  <Button
                    intent="iconGhost"
                    aria-label={`Edit ${displayName(user)}`}
                    onPress={() => onEdit(user)}
                  >
                    <Icon name="edit" size="sm" />
                  </Button>
                )}
                {canDeleteUser(editor, user) && (
                  <Button
                    intent="iconGhost"
                    aria-label={`Delete ${displayName(user)}`}
                    onPress={() => onDelete(user)}
                  >
                    <Icon name="trash" size="sm" />
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
