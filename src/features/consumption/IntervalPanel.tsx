import { useQuery } from '@tanstack/react-query'
import { format } from 'date-fns'
import { TZDate } from '@date-fns/tz'
import { normalizeError } from '../../api'
import type { ConsumptionView } from '../../lib/search-params'
import { Button, Icon, ResponsiveConsumptionChart } from '../../ui'
import { intervalsQuery, type ConsumptionContext } from './consumption-queries'
import { csvFileName, intervalsToCsv, toBuckets } from './intervals'
import * as styles from './consumption.css'
import { formatKwh } from '../../lib/format'

export interface IntervalPanelProps {
  view: ConsumptionView
  context: ConsumptionContext
  deviceName: string
  now: Date
}

function title(view: ConsumptionView, now: Date, timeZone: string) {
  if (view === 'monthly') return 'Last 12 months, per month'
  if (view === 'weekly') return 'Last 12 weeks, per week'
  return `${format(new TZDate(now, timeZone), 'MMMM yyyy')}, per day`
}

/** Save a text file from memory (no server round trip: the rows are on screen already). */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** The interval chart of one view, with its table (the chart's toggle) and a CSV download. */
export function IntervalPanel({ view, context, deviceName, now }: IntervalPanelProps) {
  const query = useQuery(intervalsQuery(view, now, context))
  const data = query.data
  return (
    <section aria-label={title(view, now, context.timeZone)}>
      <div className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{title(view, now, context.timeZone)}</h2>
        <span className={styles.total}>
          {data ? `Total ${formatKwh(data.total_kwh, { maxDecimals: 1 })}` : '\u00a0'}
        </span>
        <Button
          intent="toolbarAction"
          isDisabled={!data || data.intervals.length === 0}
          onPress={() =>
            data &&
            download(intervalsToCsv(data), csvFileName(deviceName, data.granularity, data.start))
          }
        >
          <Icon name="download" size="sm" /> Download CSV
        </Button>
      </div>
      <ResponsiveConsumptionChart
        granularity={view === 'monthly' ? 'monthly' : view === 'weekly' ? 'weekly' : 'daily'}
        timeZone={context.timeZone}
        data={data ? toBuckets(data.intervals, now) : []}
        status={query.isPending ? 'loading' : query.isError ? 'error' : 'success'}
        errorMessage={query.isError ? normalizeError(query.error).message : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage="No readings in this period"
      />
    </section>
  )
}
