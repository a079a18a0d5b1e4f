import type { Group } from '../../api'
import { Badge } from '../../ui'
import { ListTable, RowAction, type ListColumn } from '../shared/ListTable'
import * as styles from '../shared/page.css'
import * as local from './groups.css'
import { formatNumber } from '../../lib/format'

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

const wideNumeric = `${styles.numeric} ${styles.wideOnly}`

const columns: ListColumn<Group, GroupsTableProps>[] = [
  {
    name: 'Name',
    render: (group, { scope }) => (
      <>
        <span className={local.nameCell}>
          <span className={styles.primaryText}>{group.name}</span>
          {group.id === scope && (
            <Badge variant="brand" size="sm">
              Current scope
            </Badge>
          )}
        </span>
        {group.description && <span className={styles.secondaryText}>{group.description}</span>}
        <span className={`${styles.secondaryText} ${styles.narrowOnly}`}>
          {group.timezone} · {group.device_count} devices
        </span>
      </>
    ),
  },
  { name: 'Timezone', className: styles.wideOnly, render: (g) => g.timezone },
  { name: 'Members', className: styles.numeric, render: (g) => formatNumber(g.member_count) },
  { name: 'Devices', className: wideNumeric, render: (g) => formatNumber(g.device_count) },
  {
    name: 'Actions',
    className: styles.actionsCell,
    render: (group, { canEdit, canDelete, onMembers, onEdit, onDelete }) => (
      <>
        <RowAction
          icon="users"
          label={`Members of ${group.name}`}
          onPress={() => onMembers(group)}
        />
        {canEdit(group) && (
          <RowAction icon="edit" label={`Edit ${group.name}`} onPress={() => onEdit(group)} />
        )}
        {canDelete && (
          <RowAction icon="trash" label={`Delete ${group.name}`} onPress={() => onDelete(group)} />
        )}
      </>
    ),
  },
]

/** Groups with their timezone, member and device counts. */
export function GroupsTable(props: GroupsTableProps) {
  return (
    <ListTable
      label="Groups table"
      columns={columns}
      rows={props.groups}
      context={props}
      isCurrent={(group) => group.id === props.scope}
    />
  )
}
