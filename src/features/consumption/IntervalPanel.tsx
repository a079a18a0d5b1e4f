import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { normalizeError } from '~/api'
import { downloadText } from '~/lib/download'
import type { ConsumptionView } from '~/lib/search-params'
import { sprinkles } from '~/styles'
import { Button, Icon, Inline, ResponsiveConsumptionChart, Switch, Text } from '~/ui'
import {
  intervalsQuery,
  MAX_INTERVAL_BUCKETS,
  powerFits,
  type ConsumptionContext,
} from './consumption-queries'
import { csvFileName, intervalsToCsv, toBuckets } from './intervals'
import type { Day } from '~/lib/periods/days'
import { intervalWindow, isCurrent, zoomIn } from '~/lib/periods/view-window'
import { crumbsOf, drillHint, windowTitle, type ConsumptionTarget } from './time-navigation'
import { WindowCrumbs, WindowNav } from './WindowNav'
import * as styles from './consumption.css'
import { formatCostCo2, formatKwh } from '~/lib/format'
import type { ConsumptionIntervals } from '~/api'
import { exportNetLine, formatKw, peakMarker, peakNote } from './peak'
import { formatNumber } from '~/lib/format'

/** 'Total 478.3 kWh · €148.28 · 181.8 kg CO₂e': cost and CO2 where the group prices them. */
const intervalTotal = (data: ConsumptionIntervals) =>
  [
    `Total ${formatKwh(data.total_kwh)}`,
    exportNetLine({ export_kwh: data.total_export_kwh, net_kwh: data.total_net_kwh }),
    formatCostCo2(data.total_cost, data.total_co2_kg, data.currency),
  ]
    .filter(Boolean)
    .join(' · ')

/** Why a window offers no power chart: its quarter hours are more than one call may hold. */
const POWER_TOO_WIDE = `Power per quarter hour is shown a day at a time (one request holds at most ${formatNumber(MAX_INTERVAL_BUCKETS)} quarter hours): open a day's hours.`

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
  const period = intervalWindow(view, now, timeZone, context.weekStart, date)
  // Power per quarter hour (issue 35), where the window's quarter hours fit one request.
  const canShowPower = powerFits(period)
  const [powerChosen, setPowerChosen] = useState(false)
  const power = canShowPower && powerChosen
  const energyQuery = useQuery(intervalsQuery(view, now, context, date))
  const powerQuery = useQuery({
    ...intervalsQuery(view, now, context, date, 'power'),
    enabled: power,
  })
  // The totals are the window's energy; the chart and its download what it shows.
  const data = energyQuery.data
  const query = power ? powerQuery : energyQuery
  const shown = query.data
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
          isDisabled={!shown || shown.intervals.length === 0}
          onPress={() =>
            shown &&
            // From memory, no server round trip: the rows are on screen already.
            downloadText(
              intervalsToCsv(shown),
              csvFileName(deviceName, shown.granularity, shown.start),
            )
          }
        >
          <Icon name="download" size="sm" /> Download CSV
        </Button>
      </Inline>
      <Inline
        space="md"
        align="between"
        alignY="center"
        className={sprinkles({ marginBottom: 'md' })}
      >
        <Text size="sm" tone="muted">
          {data && data.peak_quarters !== undefined ? windowPeak(data) : '\u00a0'}
        </Text>
        {canShowPower ? (
          <Switch isSelected={powerChosen} onChange={setPowerChosen}>
            Power per quarter hour
          </Switch>
        ) : (
          <Text size="sm" tone="muted">
            {POWER_TOO_WIDE}
          </Text>
        )}
      </Inline>
      <ResponsiveConsumptionChart
        granularity={power ? 'quarter_hour' : view}
        measure={power ? 'power' : 'energy'}
        peak={power && shown ? peakMarker(shown) : undefined}
        timeZone={timeZone}
        onBarPress={
          drill === undefined || power
            ? undefined
            : (startMs) => {
                const target = zoomIn(view, startMs, now, timeZone)
                if (target) onNavigate(target)
              }
        }
        barPressHint={power ? undefined : drill}
        data={shown ? toBuckets(shown.intervals, now) : []}
        currency={shown?.currency}
        status={query.status}
        errorMessage={query.isError ? normalizeError(query.error).message : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage={power ? 'No quarter hour with a power figure' : 'No readings in this period'}
        emptyDescription={
          power ? "A quarter hour's power needs readings at most 15 minutes apart." : undefined
        }
      />
    </section>
  )
}
