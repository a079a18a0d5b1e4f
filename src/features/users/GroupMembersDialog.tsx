import { useQuery } from '@tanstack/react-query'
import { listGroupMembersOptions, type Group } from '../../api'
import { Button, Dialog, EmptyState, ErrorState, Icon, Skeleton } from '../../ui'
import { RoleBadge } from './UsersTable'
import { displayName } from './user-rules'
import * as styles from '../shared/page.css'
import * as local from './groups.css'

export interface GroupMembersDialogProps {
  group: Group
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** Opens the user form with this group chosen; left out when the viewer cannot add users. */
  onAddMember?: () => void
}

/** Everyone whose group this is, with their role. */
export function GroupMembersDialog({
  group,
  isOpen,
  onOpenChange,
  onAddMember,
}: GroupMembersDialogProps) {
  const members = useQuery(listGroupMembersOptions({ path: { id: group.id } }))
  const add = onAddMember && (
    <Button intent="formPrimary" onPress={onAddMember}>
      <Icon name="plus" size="sm" /> Add member
    </Button>
  )
  return (
    <Dialog
      title={`Members of ${group.name}`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      footer={add}
    >
      {members.isPending ? (
        <div className={styles.skeletonRows} role="status" aria-label="Loading members">
          <Skeleton shape="rect" height="2.5rem" />
          <Skeleton shape="rect" height="2.5rem" />
        </div>
      ) : members.isError ? (
        <ErrorState
          size="sm"
          message="The members could not be loaded."
          onRetry={() => void members.refetch()}
        />
      ) : members.data.items.length === 0 ? (
        <EmptyState
          size="sm"
          icon="users"
          title="No members yet"
          description="Add members to begin assigning devices."
        />
      ) : (
        <ul className={local.memberList} aria-label={`Members of ${group.name}`}>
          {members.data.items.map((member) => (
            <li key={member.id} className={local.member}>
              <span>
                <span className={styles.primaryText}>{displayName(member)}</span>
                <span className={styles.secondaryText}>{member.email}</span>
              </span>
              <RoleBadge role={member.role} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
