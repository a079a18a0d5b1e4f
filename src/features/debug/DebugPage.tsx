import type { Key } from 'react-aria-components'
import { Tab, TabList, TabPanel, Tabs } from '~/ui'
import { PageHeader } from '../shared/PageHeader'
import { LogViewer } from './LogViewer'
import { ProfilingPanel } from './ProfilingPanel'

export type DebugTab = 'logs' | 'profiling'

export interface DebugPageProps {
  tab: DebugTab
  /** The route puts the tab in the URL (search parameter tab). */
  onTabChange: (tab: DebugTab) => void
}

/** Spec §2 /debug (developers only): the log viewer and the API profiler. */
export function DebugPage({ tab, onTabChange }: DebugPageProps) {
  return (
    <>
      <PageHeader
        title="Debug"
        lead="Server and console logs, and step-by-step timing of API calls."
      />
      <Tabs selectedKey={tab} onSelectionChange={(key: Key) => onTabChange(key as DebugTab)}>
        <TabList aria-label="Debug tools">
          <Tab id="logs">Logs</Tab>
          <Tab id="profiling">Profiling</Tab>
        </TabList>
        <TabPanel id="logs">
          <LogViewer />
        </TabPanel>
        <TabPanel id="profiling">
          <ProfilingPanel />
        </TabPanel>
      </Tabs>
    </>
  )
}
