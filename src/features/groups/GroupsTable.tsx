import type { Group } from '../../api'
import { Badge, Button, Icon } from '../../ui'
import * as styles from '../users/page.css'
import * as local from './groups.css'

export interface GroupsTableProps {
  groups: readonly Group[]
  /** The chosen group scope, marked in the list. */
  scope: string | null
  canEdit: (group: Group) => boolean
  canDelete: boolean
  onMembers: (group: Group) => void
  onEdit: (group: Group) => void
  onDelete: (group: Group) => void
}

const count = new Intl.NumberFormat('en-GB')

/** Groups with their timezone, member and device counts. */
export function GroupsTable({
  groups,
  scope,
  canEdit,
  canDelete,
  onMembers,
  onEdit,
  onDelete,
}: GroupsTableProps) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- lets keyboard users scroll the table sideways
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Groups table">
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col" className={styles.th}>
              Name
            </th>
            <th scope="col" className={`${styles.th} ${styles.wideOnly}`}>
              Timezone
            </th>
            <th scope="col" className={`${styles.th} ${styles.numeric}`}>
              Members
            </th>
            <th scope="col" className={`${styles.th} ${styles.numeric} ${styles.wideOnly}`}>
              Devices
            </th>
            <th scope="col" className={`${styles.th} ${styles.actionsCell}`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr
              key={group.id}
              className={styles.row}
              aria-current={group.id === scope ? 'true' : undefined}
            >
              <td className={styles.td}>
                <span className={local.nameCell}>
                  <span className={styles.primaryText}>{group.name}</span>
                  {group.id === scope && (
                    <Badge variant="brand" size="sm">
                      Current scope
                    </Badge>
                  )}
                </span>
                {group.description && (
                  <span className={styles.secondaryText}>{group.description}</span>
                )}
                <span className={`${styles.secondaryText} ${styles.narrowOnly}`}>
                  {group.timezone} · {group.device_count} devices
                </span>
              </td>
              <td className={`${styles.td} ${styles.wideOnly}`}>{group.timezone}</td>
              <td className={`${styles.td} ${styles.numeric}`}>
                {count.format(group.member_count)}
              </td>
              <td className={`${styles.td} ${styles.numeric} ${styles.wideOnly}`}>
                {count.format(group.device_count)}
              </td>
              <td className={`${styles.td} ${styles.actionsCell}`}>
                <Button
                  intent="iconGhost"
                  aria-label={`Members of ${group.name}`}
                  onPress={() => onMembers(group)}
                >
                  <Icon name="users" size="sm" />
                </Button>
                {canEdit(group) && (
                  <Button
                    intent="iconGhost"
                    aria-label={`Edit ${group.name}`}
                    onPress={() => onEdit(group)}
                  >
                    <Icon name="edit" size="sm" />
                  </Button>
                )}
                {canDelete && (
                  <Button
                    intent="iconGhost"
                    aria-label={`Delete ${group.name}`}
                    onPress={() => onDelete(group)}
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
