import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { DialogTrigger, Dialog } from 'react-aria-components'
import { normalizeError } from '~/api'
import { sprinkles } from '~/styles'
import {
  Button,
  Icon,
  Popover,
  RefreshIcon,
  Select,
  SelectItem,
  Stack,
  Text,
  navLinkClassName,
} from '~/ui'
import { scopeGroupsOptions } from '../scope/scope-queries'
import { canAccess, isElevated } from '../auth/roles'
import type { SessionUser } from '../auth/session'
import { useLogout } from '../auth/use-session'
import { useAppServices, useGroupScope } from '../shared/use-app-services'
import { visuallyHiddenOnNarrow } from '../shared/logo.css'
import { ThemeMenu } from '../settings/ThemeMenu'
import { initials } from './initials'
import * as styles from './shell.css'

const ALL = '__all__'

function GroupScopeSelect() {
  const { scope } = useAppServices()
  const current = useGroupScope()
  const groups = useQuery(scopeGroupsOptions())
  const options = [{ id: ALL, name: 'All groups' }, ...(groups.data?.items ?? [])]
  return (
    <>
      <Select
        label="Group scope"
        className={styles.scopeSelect}
        items={options}
        selectedKey={current ?? ALL}
        onSelectionChange={(key) => scope.choose(key === ALL ? null : String(key))}
        isInvalid={groups.isError}
        errorMessage={
          groups.isError
            ? `Groups could not be loaded: ${normalizeError(groups.error).message}`
            : undefined
        }
      >
        {(group) => <SelectItem id={group.id}>{group.name}</SelectItem>}
      </Select>
      {groups.isError && (
        <Button variant="ghost" onPress={() => void groups.refetch()}>
          <RefreshIcon size="sm" /> Retry
        </Button>
      )}
    </>
  )
}

/**
 * Spec §2 'Top bar': initials, name, e-mail, group scope (elevated users), the theme (every role,
 * issue 32), Settings (elevated users) and Logout.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const logout = useLogout()
  const name = user.full_name || 'Unknown User'
  return (
    <DialogTrigger>
      <Button intent="headerAction">
        {/* Initials come from CSS so the button's name is exactly the visible name. */}
        <span className={styles.avatar} data-initials={initials(user.full_name, user.email)} />
        <span className={visuallyHiddenOnNarrow}>{name}</span>
        <Icon name="chevronDown" size="sm" />
      </Button>
      <Popover placement="bottom end">
        <Dialog aria-label="Account" className={styles.userMenu}>
          {({ close }) => (
            <Stack space="sm">
              <Stack space="xxs" className={sprinkles({ paddingY: 'sm', paddingX: 'md' })}>
                <Text weight="semibold">{name}</Text>
                <Text size="sm" tone="muted">
                  {user.email}
                </Text>
              </Stack>
              {isElevated(user.role) && <GroupScopeSelect />}
              <ThemeMenu />
              {canAccess(user.role, 'settings') && (
                <Link to="/settings" className={navLinkClassName} onClick={close}>
                  <Icon name="settings" size="sm" /> Settings
                </Link>
              )}
              <Button intent="listItemAction" onPress={() => void logout()}>
                <Icon name="logout" size="sm" /> Logout
              </Button>
            </Stack>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}
