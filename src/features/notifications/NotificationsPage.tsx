import type { Key } from 'react-aria-components'
import { Tab, TabList, TabPanel, Tabs } from '../../ui'
import { PageHeader } from '../shared/PageHeader'
import { NotificationHistory } from './NotificationHistory'
import { NotificationRules } from './NotificationRules'

export type NotificationsTab = 'history' | 'rules'

export interface NotificationsSearch {
  /** @default 'history' */
  tab?: NotificationsTab
  page?: number
  unread?: boolean
}

export interface NotificationsPageProps {
  search: NotificationsSearch
  /** Merges into the URL's search (the route owns it). */
  onSearchChange: (next: NotificationsSearch) => void
}

/** Spec §2 /notifications: the notification history and the rules that raise them, one tab each. */
export function NotificationsPage({ search, onSearchChange }: NotificationsPageProps) {
  const tab = search.tab ?? 'history'
  return (
    <>
      <PageHeader
        title="Notifications"
        lead="Alerts about your devices, and the rules that raise them."
      />
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key: Key) =>
          onSearchChange({ tab: key as NotificationsTab, page: undefined })
        }
      >
        <TabList aria-label="Notifications">
          <Tab id="history">History</Tab>
          <Tab id="rules">Rules</Tab>
        </TabList>
        <TabPanel id="history">
          <NotificationHistory
            page={search.page ?? 1}
            unreadOnly={search.unread ?? false}
            onPageChange={(page) => onSearchChange({ page: page > 1 ? page : undefined })}
            onUnreadOnlyChange={(unread) =>
              onSearchChange({ unread: unread || undefined, page: undefined })
            }
          />
        </TabPanel>
        <TabPanel id="rules">
          <NotificationRules />
        </TabPanel>
      </Tabs>
    </>
  )
}
