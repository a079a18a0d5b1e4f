import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { normalizeError } from '~/api'
import { downloadText } from '~/lib/download'
import type { ConsumptionView } from '~/lib/search-params'
import { sprinkles } from '~/styles'
import { Button, Icon, Inline, ResponsiveConsumptionChart, Text } from '~/ui'
import { intervalsQuery, type ConsumptionContext } from './consumption-queries'
import { csvFileName, intervalsToCsv, toBuckets } from './intervals'
import type { Day } from '~/lib/periods/days'
import { intervalWindow, isCurrent, zoomIn } from '~/lib/periods/view-window'
import { crumbsOf, drillHint, windowTitle, type ConsumptionTarget } from './time-navigation'
import { WindowCrumbs, WindowNav } from './WindowNav'
import * as styles from './consumption.css'
import { formatCostCo2, formatKwh } from '~/lib/format'
import type { ConsumptionIntervals } from '~/api'
import { exportNetLine, formatKw, peakNote } from './peak'

/** 'Total 478.3 kWh · €148.28 · 181.8 kg CO₂e': cost and CO2 where the group prices them. */
const intervalTotal = (data: ConsumptionIntervals) =>
  [
    `Total ${formatKwh(data.total_kwh)}`,
    exportNetLine({ export_kwh: data.total_export_kwh, net_kwh: data.total_net_kwh }),
    formatCostCo2(data.total_cost, data.total_co2_kg, data.currency),
  ]
    .filter(Boolean)
    .join(' · ')

/** 'Peak 6.40 kW · Nov 22, 8:15 AM': the window's peak demand, or why it has none (issue 35). */
const windowPeak = (data: ConsumptionIntervals) =>
  data.peak_kw === null ? peakNote(data) : `Peak ${formatKw(data.peak_kw)} · ${peakNote(data)}`

export interface IntervalPanelProps {
  view: ConsumptionView
  /** The day the window holds (a past day); none is today's window. */
  date?: Day
  context: ConsumptionContext
  deviceName: string
  now: Date
  onNavigate: (target: ConsumptionTarget) => void
  /** Take focus on arrival (to the heading): a bar or a crumb opened this view, and took its own focus away. */
  focusOnMount?: boolean
}

/**
 * The interval chart of one view over the window around `date`, with the way to other windows
 * (previous, next, a date, a bar's finer view, breadcrumbs back up), its table and a CSV download.
 */
export function IntervalPanel({
  view,
  date,
  context,
  deviceName,
  now,
  onNavigate,
  focusOnMount = false,
}: IntervalPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusOnMount) heading.current?.focus()
    // On arrival only: later renders must not pull focus from the controls.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const { timeZone } = context
  const query = useQuery(intervalsQuery(view, now, context, date))
  const data = query.data
  const period = intervalWindow(view, now, timeZone, context.weekStart, date)
  const current = isCurrent(period, now)
  const title = windowTitle(period, current, timeZone)
  const drill = drillHint[view]
  return (
    <section aria-label={title}>
      <WindowCrumbs crumbs={crumbsOf(period, date, timeZone)} onNavigate={onNavigate} />
      <WindowNav
        view={view}
        date={date}
        isCurrent={current}
        timeZone={timeZone}
        now={now}
        onNavigate={onNavigate}
      />
      <Inline space="md" align="between" alignY="baseline" className={sprinkles({ marginY: 'lg' })}>
        <h2 ref={heading} tabIndex={-1} className={styles.panelTitle}>
          {title}
        </h2>
        <Text size="sm" tone="muted">
          {data ? intervalTotal(data) : '\u00a0'}
        </Text>
        <Button
          intent="toolbarAction"
          isDisabled={!data || data.intervals.length === 0}
          onPress={() =>
            data &&
            // From memory, no server round trip: the rows are on screen already.
            downloadText(
              intervalsToCsv(data),
              csvFileName(deviceName, data.granularity, data.start),
            )
          }
        >
          <Icon name="download" size="sm" /> Download CSV
        </Button>
      </Inline>
      {data && data.peak_quarters !== undefined && (
        <Text size="sm" tone="muted" className={sprinkles({ marginBottom: 'md' })}>
          {windowPeak(data)}
        </Text>
      )}
      <ResponsiveConsumptionChart
        granularity={view}
        timeZone={timeZone}
        onBarPress={
          drill === undefined
            ? undefined
            : (startMs) => {
                const target = zoomIn(view, startMs, now, timeZone)
                if (target) onNavigate(target)
              }
        }
        barPressHint={drill}
        data={data ? toBuckets(data.intervals, now) : []}
        currency={data?.currency}
        status={query.status}
        errorMessage={query.isError ? normalizeError(query.error).message : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage="No readings in this period"
      />
    </section>
  )
}
