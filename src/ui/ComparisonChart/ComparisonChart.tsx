import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, LinePath } from '@visx/shape'
import { useCallback, useId, useMemo } from 'react'
import {
  ChartPlot,
  ChartShell,
  Hatch,
  KwhAxis,
  ParentWidth,
  PixelAxisBottom,
  chartStyles as styles,
  formatAt,
  formatBucket,
  chartKwh,
  mergeBuckets,
  naturalGroupSizes,
  svgId,
  toMs,
  type ChartCommonProps,
  type Granularity,
  kwhDomain,
} from '../private/chart'
import { plural } from '~/lib/plural'
import { formatPercent } from '~/lib/format'

export const comparisonVariants = ['bars', 'lines'] as const

export interface ComparisonPoint {
  /** Start of the bucket in the current period, ISO 8601. */
  start: string
  /** Start of the matching bucket in the previous period (shown in the tooltip). */
  previousStart?: string
  /** kWh in the current period's bucket; null when unknown (or still in the future). */
  current: number | null
  /** kWh in the previous period's matching bucket. */
  previous: number | null
  /** The current bucket is still running: drawn lighter and labelled 'so far', not as a drop. */
  partial?: boolean
  /** The current bucket's value rests on an estimate (an edge interpolated between readings): hatched. */
  currentEstimated?: boolean
  /** The same for the previous period's bucket. */
  previousEstimated?: boolean
}

export interface ComparisonChartProps extends ChartCommonProps {
  data: readonly ComparisonPoint[]
  /** @default 'daily' */
  granularity?: Granularity
  /** Grouped bars, or two lines (better for many buckets, e.g. hours of a day). @default 'bars' */
  variant?: (typeof comparisonVariants)[number]
  /** @default 'This period' */
  currentLabel?: string
  /** @default 'Previous period' */
  previousLabel?: string
  /** Accessible name. @default 'Consumption compared with the previous period' */
  label?: string
  /**
   * The change the page states for the whole comparison (legend and summary), as its caller
   * defines it: the chart's buckets need not span what was compared (a running period is compared
   * to the same elapsed time, days with the same weekday). Left out, no total change is shown.
   */
  change?: { label: string; value: string }
  /**
   * The legend's figure beside each period, as the page states it. Left out, the sums of `data`
   * in kWh, which mean nothing for a per-day average (kWh/day).
   */
  totals?: { current: string; previous: string }
}

interface Mark {
  startMs: number
  endMs: number
  previousMs: number | null
  current: number | null
  previous: number | null
  count: number
  partial: boolean
  estimated: { current: boolean; previous: boolean }
}

const margin = { top: 22, right: 12, bottom: 28, left: 48 }
/** Two bars per bucket at >= 2 px each plus a gap. */
const PX_PER_BUCKET = 5

const sumOrNull = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null)
  return known.length ? known.reduce((a, b) => a + b, 0) : null
}
const combine = (g: readonly Mark[]): Mark => ({
  startMs: g[0]!.startMs,
  endMs: g.at(-1)!.endMs,
  previousMs: g[0]!.previousMs,
  current: sumOrNull(g.map((m) => m.current)),
  previous: sumOrNull(g.map((m) => m.previous)),
  count: g.reduce((s, m) => s + m.count, 0),
  partial: g.some((m) => m.partial),
  estimated: {
    current: g.some((m) => m.estimated.current),
    previous: g.some((m) => m.estimated.previous),
  },
})

/** Change against the previous period, or null when it cannot be computed. */
function changeRatio(current: number | null, previous: number | null) {
  if (current === null || previous === null || previous === 0) return null
  return (current - previous) / previous
}
const formatChange = (r: number | null) =>
  r === null ? 'N/A' : formatPercent(r, { maxDecimals: 1, signed: true })

/** The current period against the previous one, bucket by bucket. */
export function ComparisonChart({
  data,
  granularity = 'daily',
  variant = 'bars',
  currentLabel = 'This period',
  previousLabel = 'Previous period',
  label = 'Consumption compared with the previous period',
  change,
  totals: statedTotals,
  ...common
}: ComparisonChartProps) {
  const { width, height = 240, timeZone } = common
  const hatchId = `${svgId(useId())}-est`
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const innerHeight = Math.max(0, height - margin.top - margin.bottom)

  const source = useMemo(() => {
    const starts = data.map((d) => toMs(d.start))
    const typical =
      starts.length > 1 ? (starts.at(-1)! - starts[0]!) / (starts.length - 1) : 86_400_000
    return data.map((d, i) => ({
      startMs: starts[i]!,
      endMs: starts[i + 1] ?? starts[i]! + typical,
      previousMs: d.previousStart ? toMs(d.previousStart) : null,
      current: d.current,
      previous: d.previous,
      count: 1,
      partial: Boolean(d.partial),
      estimated: { current: Boolean(d.currentEstimated), previous: Boolean(d.previousEstimated) },
    }))
  }, [data])
  const perBucket = variant === 'bars' ? PX_PER_BUCKET : 2
  const marks = useMemo(
    () =>
      mergeBuckets(
        source,
        Math.max(1, Math.floor(innerWidth / perBucket)),
        combine,
        naturalGroupSizes[granularity],
      ),
    [source, innerWidth, perBucket, granularity],
  )
  const isEmpty = source.every((m) => m.current === null && m.previous === null)

  const x = useMemo(
    () =>
      scaleBand<number>({
        domain: marks.map((_, i) => i),
        range: [0, innerWidth],
        paddingInner: 0.25,
        paddingOuter: 0.1,
      }),
    [marks, innerWidth],
  )
  const inner = useMemo(
    () =>
      scaleBand<string>({
        domain: ['current', 'previous'],
        range: [0, x.bandwidth()],
        paddingInner: x.bandwidth() > 12 ? 0.12 : 0,
      }),
    [x],
  )
  const y = useMemo(() => {
    const max = Math.max(0, ...marks.flatMap((m) => [m.current ?? 0, m.previous ?? 0]))
    return scaleLinear<number>({
      domain: kwhDomain(0, max * 1.05),
      range: [innerHeight, 0],
      nice: true,
    })
  }, [marks, innerHeight])
  const numTicks = Math.max(2, Math.round(innerHeight / 48))

  const indexAt = useCallback(
    (px: number) => {
      const i = Math.floor(((px - margin.left) / innerWidth) * marks.length)
      return i >= 0 && i < marks.length ? i : null
    },
    [innerWidth, marks.length],
  )

  const totals = statedTotals ?? {
    current: chartKwh(sumOrNull(source.map((m) => m.current))),
    previous: chartKwh(sumOrNull(source.map((m) => m.previous))),
  }
  const title = (m: Mark) => formatBucket(m.startMs, m.endMs, granularity, m.count > 1, timeZone)
  const center = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2

  // Label every bucket when there is room, else every n-th.
  const labelEvery = Math.max(1, Math.ceil(marks.length / Math.max(2, Math.floor(innerWidth / 64))))
  const tickPattern = { hourly: 'HH:mm', daily: 'EEE d', weekly: 'd MMM', monthly: 'MMM' }[
    granularity
  ]
  const ticks = marks.flatMap((m, i) =>
    i % labelEvery === 0
      ? [{ x: center(i), label: formatAt(m.startMs, tickPattern, timeZone) }]
      : [],
  )

  const summary = `${plural(marks.length, `${granularity} value`)}. ${currentLabel}: ${totals.current}; ${previousLabel.toLowerCase()}: ${totals.previous}${change ? `; ${change.label.toLowerCase()} ${change.value}` : ''}.`

  return (
    <ChartShell
      {...common}
      label={label}
      isEmpty={isEmpty}
      legend={[
        {
          label: currentLabel,
          tone: 'chart1',
          kind: variant === 'bars' ? 'solid' : 'line',
          value: totals.current,
        },
        {
          label: previousLabel,
          tone: 'chart2',
          kind: variant === 'bars' ? 'solid' : 'line',
          value: totals.previous,
        },
        ...(change ? [change] : []),
      ]}
      table={() => ({
        caption: label,
        columns: [
          { label: 'Period' },
          { label: currentLabel, numeric: true },
          { label: previousLabel, numeric: true },
          { label: 'Change', numeric: true },
        ],
        rows: marks.map((m) => ({
          key: String(m.startMs),
          cells: [
            title(m),
            chartKwh(m.current),
            chartKwh(m.previous),
            formatChange(changeRatio(m.current, m.previous)),
          ],
        })),
      })}
    >
      <ChartPlot
        width={width}
        height={height}
        label={label}
        summary={summary}
        unitName={variant === 'bars' ? 'bar groups' : 'points'}
        count={marks.length}
        indexAt={indexAt}
        anchorFor={(i) => ({
          x: margin.left + center(i),
          y: margin.top + y(Math.max(marks[i]!.current ?? 0, marks[i]!.previous ?? 0)),
        })}
        tooltipFor={(i) => {
          const m = marks[i]!
          return {
            title: title(m),
            rows: [
              {
                label: m.partial ? `${currentLabel} (so far)` : currentLabel,
                value: chartKwh(m.current),
                tone: 'chart1',
                swatch: variant === 'bars' ? 'solid' : 'line',
              },
              {
                label: previousLabel,
                value: chartKwh(m.previous),
                tone: 'chart2',
                swatch: variant === 'bars' ? 'solid' : 'line',
              },
            ],
            note: [
              m.partial && 'still running',
              (m.estimated.current || m.estimated.previous) &&
                'estimated: includes values interpolated between readings',
              `Change: ${formatChange(changeRatio(m.current, m.previous))}`,
              m.previousMs !== null &&
                `compared with ${formatBucket(m.previousMs, m.previousMs + (m.endMs - m.startMs), granularity, m.count > 1, timeZone)}`,
              m.count > 1 && `sum of ${m.count} ${granularity} values`,
            ]
              .filter(Boolean)
              .join(', '),
          }
        }}
      >
        {({ index }) => (
          <Group left={margin.left} top={margin.top}>
            <defs>
              <Hatch id={hatchId} tone="surface" gap={5} />
            </defs>
            <GridRows scale={y} width={innerWidth} numTicks={numTicks} className={styles.grid} />
            {index !== null && (
              <rect
                className={styles.highlight}
                x={(x(index) ?? 0) - (x.step() - x.bandwidth()) / 2}
                width={x.step()}
                y={0}
                height={innerHeight}
                rx={2}
              />
            )}
            {variant === 'bars'
              ? marks.map((m, i) => (
                  <g key={i}>
                    {(['current', 'previous'] as const).map((k) =>
                      m[k] === null ? null : (
                        <Bar
                          key={k}
                          x={(x(i) ?? 0) + (inner(k) ?? 0)}
                          y={y(m[k]!)}
                          width={inner.bandwidth()}
                          height={Math.max(m[k] === 0 ? 0 : 1, innerHeight - y(m[k]!))}
                          rx={inner.bandwidth() > 10 ? 2 : 0}
                          className={k === 'current' ? styles.fill.chart1 : styles.fill.chart2}
                          // A running bucket is partial, not a drop: lighter, with a dashed edge.
                          {...(k === 'current' &&
                            m.partial && {
                              fillOpacity: 0.35,
                              strokeDasharray: '3 2',
                              strokeWidth: 1,
                              className: `${styles.fill.chart1} ${styles.stroke.chart1}`,
                              'data-partial': true,
                            })}
                        />
                      ),
                    )}
                    {(['current', 'previous'] as const).map((k) =>
                      m[k] !== null && m.estimated[k] ? (
                        <Bar
                          key={`${k}-estimated`}
                          data-estimated
                          x={(x(i) ?? 0) + (inner(k) ?? 0)}
                          y={y(m[k]!)}
                          width={inner.bandwidth()}
                          height={Math.max(m[k] === 0 ? 0 : 1, innerHeight - y(m[k]!))}
                          fill={`url(#${hatchId})`}
                        />
                      ) : null,
                    )}
                  </g>
                ))
              : (['previous', 'current'] as const).map((k) => (
                  <LinePath
                    key={k}
                    data={marks}
                    x={(_, i) => center(i)}
                    y={(m) => y(m[k] ?? 0)}
                    defined={(m) => m[k] !== null}
                    className={`${k === 'current' ? styles.stroke.chart1 : styles.stroke.chart2} ${styles.fill.none}`}
                    strokeWidth={2}
                    strokeDasharray={k === 'previous' ? '5 4' : undefined}
                    strokeLinejoin="round"
                  />
                ))}
            {variant === 'lines' && index !== null && (
              <g>
                {(['current', 'previous'] as const).map((k) =>
                  marks[index]![k] === null ? null : (
                    <circle
                      key={k}
                      cx={center(index)}
                      cy={y(marks[index]![k]!)}
                      r={4}
                      strokeWidth={2}
                      className={`${styles.fill.surface} ${k === 'current' ? styles.stroke.chart1 : styles.stroke.chart2}`}
                    />
                  ),
                )}
              </g>
            )}
            <KwhAxis scale={y} numTicks={numTicks} left={margin.left} />
            <PixelAxisBottom top={innerHeight} width={innerWidth} ticks={ticks} />
          </Group>
        )}
      </ChartPlot>
    </ChartShell>
  )
}

export type ResponsiveComparisonChartProps = Omit<ComparisonChartProps, 'width'>

/** ComparisonChart at the width of its container. */
export function ResponsiveComparisonChart(props: ResponsiveComparisonChartProps) {
  return <ParentWidth>{(width) => <ComparisonChart {...props} width={width} />}</ParentWidth>
}
