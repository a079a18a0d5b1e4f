import type { Group } from '~/api'
import { Badge, Inline, Table, Text, type TableColumn } from '~/ui'
import { RowAction } from '../shared/RowAction'
import * as styles from '../shared/page.css'
import { formatNumber } from '~/lib/format'
import { plural } from '~/lib/plural'

export interface GroupsTableProps {
  groups: readonly Group[]
  /** The chosen group scope, marked in the list. */
  scope: string | null
  canEdit: (group: Group) => boolean
  canDelete: boolean
  onMembers: (group: Group) => void
  onEdit: (group: Group) => void
  /** Opens the group's billing cycle, tariffs and emission factors (for those who may edit it). */
  onEnergy: (group: Group) => void
  onDelete: (group: Group) => void
}

const columns: TableColumn<Group, GroupsTableProps>[] = [
  {
    id: 'name',
    name: 'Name',
    isRowHeader: true,
    render: (group, { scope }) => (
      <>
        <Inline as="span" space="sm" alignY="center">
          <Text weight="medium" breakWord>
            {group.name}
          </Text>
          {group.id === scope && (
            <Badge variant="brand" size="sm">
              Current scope
            </Badge>
          )}
        </Inline>
        {group.description && (
          <Text as="div" size="xs" tone="muted" breakWord>
            {group.description}
          </Text>
        )}
        <Text as="div" size="xs" tone="muted" breakWord className={styles.narrowOnly}>
          {group.timezone} · {plural(group.member_count, 'member')} ·{' '}
          {plural(group.device_count, 'device')}
        </Text>
      </>
    ),
  },
  { id: 'timezone', name: 'Timezone', hideWhenNarrow: true, render: (g) => g.timezone },
  {
    id: 'members',
    name: 'Members',
    align: 'end',
    // On a phone the counts go under the name: the row's four actions need the width.
    hideWhenNarrow: true,
    render: (g) => formatNumber(g.member_count),
  },
  {
    id: 'devices',
    name: 'Devices',
    align: 'end',
    hideWhenNarrow: true,
    render: (g) => formatNumber(g.device_count),
  },
  {
    id: 'actions',
    name: 'Actions',
    align: 'end',
    width: '1%',
    render: (group, { canEdit, canDelete, onMembers, onEdit, onEnergy, onDelete }) => (
      <>
        <RowAction
          icon="users"
          label={`Members of ${group.name}`}
          onPress={() => onMembers(group)}
        />
        {canEdit(group) && (
          <RowAction icon="edit" label={`Edit ${group.name}`} onPress={() => onEdit(group)} />
        )}
        {canEdit(group) && (
          <RowAction
            icon="bolt"
            label={`Energy & billing of ${group.name}`}
            onPress={() => onEnergy(group)}
          />
        )}
        {canDelete && (
          <RowAction icon="trash" label={`Delete ${group.name}`} onPress={() => onDelete(group)} />
        )}
      </>
    ),
  },
]

const isCurrentScope = (group: Group, { scope }: GroupsTableProps) => group.id === scope

/** Groups with their timezone, member and device counts. */
export function GroupsTable(props: GroupsTableProps) {
  return (
    <Table
      aria-label="Groups table"
      columns={columns}
      rows={props.groups}
      context={props}
      isCurrentRow={isCurrentScope}
    />
  )
}
