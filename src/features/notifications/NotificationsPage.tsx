import type { Key } from 'react-aria-components'
import { Tab, TabList, TabPanel, Tabs } from '~/ui'
import { PageHeader } from '../shared/PageHeader'
import { AlarmsList, type AlarmFilters } from './AlarmsList'
import { NotificationChannels } from './NotificationChannels'
import { NotificationHistory } from './NotificationHistory'
import { NotificationRules } from './NotificationRules'

export type NotificationsTab = 'history' | 'rules' | 'alarms' | 'channels'

export interface NotificationsSearch {
  /** @default 'history' */
  tab?: NotificationsTab
  page?: number
  unread?: boolean
  state?: AlarmFilters['state']
  severity?: AlarmFilters['severity']
  /** An alarm to open first (the link in alarm e-mails and webhooks). */
  alarm?: string
}

export interface NotificationsPageProps {
  search: NotificationsSearch
  /** Merges into the URL's search (the route owns it). */
  onSearchChange: (next: NotificationsSearch) => void
}

/**
 * Spec §2 /notifications: the notification history, the rules that raise them, their alarms and
 * the channels they go out on, one tab each.
 */
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
          <Tab id="alarms">Alarms</Tab>
          <Tab id="channels">Channels</Tab>
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
        <TabPanel id="alarms">
          <AlarmsList
            filters={{ state: search.state, severity: search.severity }}
            onFiltersChange={onSearchChange}
            linkedAlarmId={search.alarm}
            onLinkedAlarmClose={() => onSearchChange({ alarm: undefined })}
          />
        </TabPanel>
        <TabPanel id="channels">
          <NotificationChannels />
        </TabPanel>
      </Tabs>
    </>
  )
}
