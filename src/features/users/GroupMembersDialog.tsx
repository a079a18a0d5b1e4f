import { useQuery } from '@tanstack/react-query'
import { listGroupMembersOptions, type Group } from '~/api'
import { Box, Button, Dialog, EmptyState, Icon, SkeletonRows, Stack, Text } from '~/ui'
import { WidgetBody } from '../shared/WidgetBody'
import { RoleBadge } from './UsersTable'
import { displayName } from './user-rules'

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
      <WidgetBody
        query={members}
        what="members"
        loading={<SkeletonRows label="Loading members" rows={2} />}
        error={{ size: 'sm', message: 'The members could not be loaded.' }}
        empty={
          members.data?.items.length === 0 && (
            <EmptyState
              size="sm"
              icon="users"
              title="No members yet"
              description="Add members to begin assigning devices."
            />
          )
        }
      >
        {({ items }) => (
          <Stack as="ul" space="none" dividers aria-label={`Members of ${group.name}`}>
            {items.map((member) => (
              <Box
                as="li"
                key={member.id}
                display="flex"
                alignItems="center"
                justifyContent="space-between"
                gap="md"
                paddingY="sm"
              >
                <div>
                  <Text weight="medium" breakWord>
                    {displayName(member)}
                  </Text>
                  <Text as="div" size="xs" tone="muted" breakWord>
                    {member.email}
                  </Text>
                </div>
                <RoleBadge role={member.role} />
              </Box>
            ))}
          </Stack>
        )}
      </WidgetBody>
    </Dialog>
  )
}
