import { useId, useState, type ReactNode } from 'react'
import { Button } from '~/ui/Button'
import { EmptyState } from '~/ui/EmptyState'
import { ErrorState } from '~/ui/ErrorState'
import { Icon } from '~/ui/Icon'
import { Skeleton } from '~/ui/Skeleton'
import { Spinner } from '~/ui/Spinner'
import * as styles from './Chart.css'
import { Swatch, type SwatchKind } from './ChartPlot'

/** A query's status words (TanStack Query's `query.status`), so a chart takes the query's as it is. */
export const chartStatuses = ['success', 'pending', 'error'] as const
export type ChartStatus = (typeof chartStatuses)[number]

/** Props every chart shares beyond its data. */
export interface ChartCommonProps {
  /** Width of the whole chart in px (the `Responsive*` wrappers measure it). */
  width: number
  /** Height of the plot area in px; the legend row sits above it. @default 240 */
  height?: number
  /** 'pending' shows a skeleton, 'error' an error state; empty data shows the empty state. @default 'success' */
  status?: ChartStatus
  /** Message of the error state. @default 'The chart data could not be loaded.' */
  errorMessage?: ReactNode
  /** Shows a retry button in the error state. */
  onRetry?: () => void
  /** @default 'No data for this period' */
  emptyMessage?: string
  /** The line under the empty message. @default 'Readings will appear here once the device reports them.' */
  emptyDescription?: string
  /** IANA zone the dates are shown in. @default the browser's */
  timeZone?: string
  /** Offer a 'Show as table' toggle; without it the table is still there for screen readers. @default true */
  showTableToggle?: boolean
}

export interface LegendItem {
  label: string
  /** Without a tone the item is a plain figure (e.g. a total) with no swatch. */
  tone?: keyof typeof styles.fill
  kind?: SwatchKind
  /** A figure shown after the label (e.g. '97.2%'). */
  value?: string
}

export interface ChartTable {
  caption: string
  columns: { label: string; numeric?: boolean }[]
  rows: { key: string; cells: ReactNode[] }[]
}

interface ChartShellProps extends ChartCommonProps {
  label: string
  /** What the loading placeholder looks like. @default 'bars' */
  skeleton?: 'bars' | 'block'
  isEmpty: boolean
  legend: LegendItem[]
  table: () => ChartTable
  children: ReactNode
}

/** Everything around the plot: states, legend, table fallback. */
export function ChartShell(props: ChartShellProps) {
  const {
    width,
    height = 240,
    status = 'success',
    label,
    isEmpty,
    legend,
    table,
    children,
    showTableToggle = true,
    skeleton = 'bars',
  } = props
  const [asTable, setAsTable] = useState(false)
  const tableId = useId()
  if (width <= 0) return null

  const box = { width, minHeight: height + 40 }
  if (status === 'pending') {
    return (
      <div className={styles.root} style={{ width }} aria-busy="true">
        <div className={styles.toolbar}>
          <Skeleton width="12rem" />
          <Spinner size="sm" label={`Loading ${lowerFirst(label)}`} />
        </div>
        <ChartSkeleton kind={skeleton} width={width} height={height} />
      </div>
    )
  }
  if (status === 'error') {
    return (
      <div className={`${styles.root} ${styles.stateBox}`} style={box}>
        <ErrorState
          size="sm"
          title={`Could not load ${lowerFirst(label)}`}
          message={props.errorMessage ?? 'The chart data could not be loaded.'}
          onRetry={props.onRetry}
        />
      </div>
    )
  }
  if (isEmpty) {
    return (
      <div className={`${styles.root} ${styles.stateBox}`} style={box}>
        <EmptyState
          size="sm"
          icon="reports"
          title={props.emptyMessage ?? 'No data for this period'}
          description={
            props.emptyDescription ?? 'Readings will appear here once the device reports them.'
          }
        />
      </div>
    )
  }

  const data = asTable || !showTableToggle ? table() : null
  return (
    <div className={styles.root} style={{ width }}>
      <div className={styles.toolbar}>
        <ul className={styles.legend} aria-label={`${label} legend`}>
          {legend.map((item) => (
            <li key={item.label} className={styles.legendItem}>
              {item.tone && <Swatch tone={item.tone} kind={item.kind} />}
              {item.label}
              {item.value && <span className={styles.legendValue}>{item.value}</span>}
            </li>
          ))}
        </ul>
        {showTableToggle && (
          <Button
            intent="toolbarAction"
            className={styles.toggle}
            onPress={() => setAsTable((v) => !v)}
          >
            <Icon name={asTable ? 'reports' : 'menu'} size="sm" />
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </div>
      {asTable && data ? (
        <DataTable id={tableId} data={data} height={height} scrollable />
      ) : (
        <>
          {children}
          {data && (
            <div className={styles.srOnly}>
              <DataTable id={tableId} data={data} height={height} scrollable={false} />
            </div>
          )}
        </>
      )}
    </div>
  )
}

function DataTable({
  id,
  data,
  height,
  scrollable,
}: {
  id: string
  data: ChartTable
  height: number
  scrollable: boolean
}) {
  // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable);
  // the screen-reader-only copy must not be a tab stop.
  const region = scrollable
    ? { tabIndex: 0, role: 'region', 'aria-label': data.caption, style: { maxHeight: height } }
    : {}
  return (
    <div id={id} className={styles.tableWrap} {...region}>
      <table className={styles.table}>
        <caption>{data.caption}</caption>
        <thead>
          <tr>
            {data.columns.map((c) => (
              <th key={c.label} scope="col" data-numeric={c.numeric || undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((cell, i) => (
                <td key={i} data-numeric={data.columns[i]?.numeric || undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** 'Daily consumption' -> 'daily consumption', but 'EV charger' and 'AX-0093' keep their capitals. */
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text

/** Fixed heights (not random) so the loading state has a stable visual baseline. */
const skeletonHeights = [0.42, 0.55, 0.48, 0.7, 0.62, 0.8, 0.58, 0.45, 0.66, 0.9, 0.74, 0.52]

function ChartSkeleton({
  kind,
  width,
  height,
}: {
  kind: 'bars' | 'block'
  width: number
  height: number
}) {
  if (kind === 'block') return <Skeleton shape="rect" width={`${width}px`} height={`${height}px`} />
  const bars = Math.max(6, Math.min(24, Math.floor(width / 36)))
  return (
    <div className={styles.skeletonBars} style={{ height }} aria-hidden="true">
      {Array.from({ length: bars }, (_, i) => (
        <Skeleton
          key={i}
          shape="rect"
          width="100%"
          height={`${skeletonHeights[i % skeletonHeights.length]! * 100}%`}
        />
      ))}
    </div>
  )
}
