import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { cancel } from '~/api'
import { consumptionViews, type ConsumptionView } from '~/lib/search-params'
import { Stack, Tab, TabList, TabPanel, Tabs } from '~/ui'
import { consumptionOperations } from '../shared/consumption-operations'
import type { ConsumptionContext } from './consumption-queries'
import { IntervalPanel } from './IntervalPanel'
import { PresetFigures } from './PresetFigures'
import { useCalendar } from './calendar'
import type { Day, WeekStart } from '~/lib/periods/days'
import { pastDay } from '~/lib/periods/view-window'
import type { ConsumptionTarget } from './time-navigation'
import * as styles from './consumption.css'

export interface ConsumptionTabProps {
  deviceId: string
  /** For the chart's accessible names and downloads. */
  deviceName: string
  /** Search parameter; the route falls back to daily. */
  view: ConsumptionView
  /** Search parameter: the day the chart's window holds; none (and a day to come) is today's. */
  date?: Day
  /** Go to another view or window; `replace` when only the tab changed. */
  onNavigate: (target: ConsumptionTarget, options?: { replace?: boolean }) => void
  /** @default the user's calendar (calendar.ts): saved preferences, else the browser's zone */
  timeZone?: string
  /** @default the user's calendar: saved preferences, else the browser locale's */
  weekStart?: WeekStart
  /** @default new Date() */
  now?: Date
}

const viewLabels: Record<ConsumptionView, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
}

/** Cancel this device's consumption requests still in flight when the user moves on (spec §7). */
export function useCancelConsumptionOnLeave(deviceId: string) {
  const queryClient = useQueryClient()
  useEffect(
    () => () => void cancel(queryClient, consumptionOperations, { path: { id: deviceId } }),
    [deviceId, queryClient],
  )
}

/**
 * A device's consumption tab: cumulative figures for six calendar periods and the interval chart
 * per view, in the viewer's zone. The device frame around it is devices/DeviceConsumptionPage's.
 */
export function ConsumptionTab({
  deviceId,
  deviceName,
  view,
  date,
  onNavigate,
  timeZone,
  weekStart,
  now = new Date(),
}: ConsumptionTabProps) {
  const calendar = useCalendar()
  const context: ConsumptionContext = {
    deviceId,
    timeZone: timeZone ?? calendar.timeZone,
    weekStart: weekStart ?? calendar.weekStart,
  }
  const day = pastDay(date, now, context.timeZone)
  // A bar or a crumb that opens another view unmounts the control that had focus: the new view's
  // heading takes it. Previous, next and the tabs keep theirs.
  const [focusPanel, setFocusPanel] = useState(false)
  const navigateFromPanel = (target: ConsumptionTarget) => {
    setFocusPanel(target.view !== view)
    onNavigate(target)
  }
  return (
    <Stack space="none">
      <div className={styles.section}>
        <PresetFigures context={context} />
      </div>
      <Tabs
        selectedKey={view}
        onSelectionChange={(key) => {
          setFocusPanel(false)
          onNavigate({ view: key as ConsumptionView, date: day }, { replace: true })
        }}
      >
        <TabList aria-label="View">
          {consumptionViews.map((v) => (
            <Tab key={v} id={v}>
              {viewLabels[v]}
            </Tab>
          ))}
        </TabList>
        {consumptionViews.map((v) => (
          <TabPanel key={v} id={v}>
            <IntervalPanel
              view={v}
              date={day}
              context={context}
              deviceName={deviceName}
              now={now}
              onNavigate={navigateFromPanel}
              focusOnMount={focusPanel}
            />
          </TabPanel>
        ))}
      </Tabs>
      <p className={styles.zone}>
        Bars are the meter's rise over each calendar period (a two-way meter's export under the
        axis), or with power on a quarter hour's average import power; hatched bars had missing
        readings, a marker shows a meter reset.
      </p>
    </Stack>
  )
}
