import { Link } from '@tanstack/react-router'
import { Icon, Tab, TabList, TabPanel, Tabs, buttonClassName } from '~/ui'
import { isElevated } from '../auth/roles'
import { useSessionUser } from '../auth/use-session'
import { ApiKeysTab } from './ApiKeysTab'
import { GroupsTab } from './GroupsTab'
import { PageHeader } from '../shared/PageHeader'
import { UsersTab } from './UsersTab'

export type UsersPageTab = 'users' | 'groups' | 'api-keys'

export interface UsersPageProps {
  /** The `page` search parameter; anything else was dropped by the route, so users is the default. */
  tab: UsersPageTab
  onTabChange: (tab: UsersPageTab) => void
}

/**
 * /users: the users and the groups of the scope, one tab each (spec §2), and the API keys of
 * service accounts, which are managed here beside the people because they are accounts too.
 */
export function UsersPage({ tab, onTabChange }: UsersPageProps) {
  const editor = useSessionUser()
  if (!editor) return null
  const elevated = isElevated(editor.role)
  // API keys are service accounts: managed by whoever manages people (admins and above).
  const managesKeys = editor.role !== 'USER'
  return (
    <>
      <PageHeader
        title="Users & Groups"
        lead={
          elevated
            ? 'People and tenants of the console, within the chosen group scope.'
            : 'People of your group and what they may do.'
        }
        actions={
          elevated && (
            <Link to="/users/new-tenant" className={buttonClassName({ intent: 'toolbarAction' })}>
              <Icon name="plus" size="sm" /> New tenant
            </Link>
          )
        }
      />
      <Tabs selectedKey={tab} onSelectionChange={(key) => onTabChange(key as UsersPageTab)}>
        <TabList aria-label="Users and groups">
          <Tab id="users">Users</Tab>
          <Tab id="groups">Groups</Tab>
          {managesKeys && <Tab id="api-keys">API keys</Tab>}
        </TabList>
        <TabPanel id="users">
          <UsersTab editor={editor} />
        </TabPanel>
        <TabPanel id="groups">
          <GroupsTab editor={editor} />
        </TabPanel>
        {managesKeys && (
          <TabPanel id="api-keys">
            <ApiKeysTab editor={editor} />
          </TabPanel>
        )}
      </Tabs>
    </>
  )
}
