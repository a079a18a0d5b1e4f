import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'
import { useCallback, useId, useMemo } from 'react'
import {
  ChartPlot,
  ChartShell,
  Hatch,
  KwhAxis,
  PixelAxisBottom,
  chartStyles as styles,
  formatAt,
  formatBucket,
  chartKwh,
  mergeBuckets,
  naturalGroupSizes,
  svgId,
  timeTicks,
  toMs,
  type ChartCommonProps,
  type Granularity,
  type LegendItem,
  kwhDomain,
} from '../private/chart'
import { plural } from '~/lib/plural'
import { formatCo2, formatCost } from '~/lib/format'

export const consumptionGranularities = [
  'hourly',
  'daily',
  'weekly',
  'monthly',
] as const satisfies readonly Granularity[]

export interface ConsumptionBucket {
  /** Start of the bucket, ISO 8601 with offset. */
  start: string
  /** Exclusive end; defaults to the next bucket's start. */
  end?: string
  /** Consumption over the bucket; null when there were no readings. */
  kwh: number | null
  /** The bucket's energy charge in the chart's `currency`; null or absent where it has no price. */
  cost?: number | null
  /** The bucket's CO2 in kg CO2e; null or absent where it has no emission factor. */
  co2Kg?: number | null
  flags?: {
    /** Readings are missing inside the bucket: the value is partial. */
    gap?: boolean
    /** The meter was reset (or replaced) inside the bucket. */
    reset?: boolean
    /** The value is interpolated, not measured. */
    estimated?: boolean
  }
}

export interface ConsumptionChartProps extends ChartCommonProps {
  data: readonly ConsumptionBucket[]
  /** Size of one bucket; sets date formats and how buckets merge when the width is short. @default 'daily' */
  granularity?: Granularity
  /** Accessible name. @default '<Granularity> consumption' */
  label?: string
  /** Opens a bar (drill-down): a click, Enter, or a second tap; gets the bar's start. */
  onBarPress?: (startMs: number) => void
  /** Says what opening a bar shows, in tooltips and the keyboard instructions, e.g. 'Click or press Enter for its hours.' */
  barPressHint?: string
  /** ISO 4217 code of the buckets' `cost`; without it no cost is shown. */
  currency?: string | null
}

interface Mark {
  startMs: number
  endMs: number
  kwh: number | null
  cost: number | null
  co2Kg: number | null
  gap: boolean
  reset: boolean
  estimated: boolean
  /** How many source buckets this mark sums. */
  count: number
}

const margin = { top: 22, right: 8, bottom: 28, left: 44 }
/** At most one bar per 2 px, and never more than 500: well under the ~1,000-mark budget. */
const MIN_PX_PER_BAR = 2
const MAX_BARS = 500

const granularityName: Record<Granularity, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
}
/** Each label reads as what it is: 'Mon 1 Dec' a day, 'Dec 2025' a month ('Dec 25' would read as a day). */
const barLabelPattern: Record<Granularity, string> = {
  hourly: 'HH:mm',
  daily: 'EEE d MMM',
  weekly: 'd MMM',
  monthly: 'MMM yyyy',
}

function toMarks(data: readonly ConsumptionBucket[]): Mark[] {
  const starts = data.map((d) => toMs(d.start))
  const typical =
    starts.length > 1 ? (starts.at(-1)! - starts[0]!) / (starts.length - 1) : 86_400_000
  return data.map((d, i) => ({
    startMs: starts[i]!,
    endMs: d.end ? toMs(d.end) : (starts[i + 1] ?? starts[i]! + typical),
    kwh: d.kwh,
    cost: d.cost ?? null,
    co2Kg: d.co2Kg ?? null,
    gap: Boolean(d.flags?.gap),
    reset: Boolean(d.flags?.reset),
    estimated: Boolean(d.flags?.estimated),
    count: 1,
  }))
}

/** The sum of a figure over merged buckets; null when one with kWh has none (as the server's totals). */
const sumOf = (known: readonly Mark[], figure: 'cost' | 'co2Kg') =>
  known.length && known.every((m) => m[figure] !== null)
    ? known.reduce((s, m) => s + m[figure]!, 0)
    : null

/** Sum-preserving merge: the kWh of a merged bar is the sum of its buckets, flags carry over. */
function combine(group: readonly Mark[]): Mark {
  const known = group.filter((m) => m.kwh !== null)
  return {
    startMs: group[0]!.startMs,
    endMs: group.at(-1)!.endMs,
    kwh: known.length ? known.reduce((s, m) => s + m.kwh!, 0) : null,
    cost: sumOf(known, 'cost'),
    co2Kg: sumOf(known, 'co2Kg'),
    gap: group.some((m) => m.gap) || (known.length > 0 && known.length < group.length),
    reset: group.some((m) => m.reset),
    estimated: group.some((m) => m.estimated),
    count: group.reduce((s, m) => s + m.count, 0),
  }
}

function describe(m: Mark): string | undefined {
  const notes = [
    m.kwh === null && 'No readings in this period',
    m.gap && m.kwh !== null && 'Incomplete: some readings are missing',
    m.estimated && 'Estimated: includes values interpolated between readings',
    m.reset && 'Meter reset in this period',
  ].filter(Boolean)
  return notes.length ? notes.join('. ') : undefined
}

const kindOf = (m: Mark) => (m.estimated ? 'outlined' : m.gap ? 'hatched' : 'solid')

/** Energy used per day, week or month as bars; gaps, resets and estimates are marked, not hidden. */
export function ConsumptionChart({
  data,
  granularity = 'daily',
  label,
  onBarPress,
  barPressHint,
  currency,
  ...common
}: ConsumptionChartProps) {
  const { width, height = 240, timeZone } = common
  const name = label ?? `${granularityName[granularity]} consumption`
  const ids = svgId(useId())
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const innerHeight = Math.max(0, height - margin.top - margin.bottom)

  const source = useMemo(() => toMarks(data), [data])
  const marks = useMemo(() => {
    const max = Math.max(1, Math.min(MAX_BARS, Math.floor(innerWidth / MIN_PX_PER_BAR)))
    return mergeBuckets(source, max, combine, naturalGroupSizes[granularity])
  }, [source, innerWidth, granularity])
  const merged = marks.length < source.length
  const isEmpty = source.every((m) => m.kwh === null)

  const x = useMemo(() => {
    const step = innerWidth / Math.max(1, marks.length)
    return scaleBand<number>({
      domain: marks.map((_, i) => i),
      range: [0, innerWidth],
      paddingInner: step > 12 ? 0.3 : step > 4 ? 0.2 : 0.34,
      paddingOuter: step > 12 ? 0.15 : 0,
    })
  }, [marks, innerWidth])
  const y = useMemo(() => {
    const values = marks.map((m) => m.kwh ?? 0)
    return scaleLinear<number>({
      domain: kwhDomain(Math.min(0, ...values), Math.max(0, ...values) * 1.05),
      range: [innerHeight, 0],
      nice: true,
    })
  }, [marks, innerHeight])

  const indexAt = useCallback(
    (px: number) => {
      const i = Math.floor(((px - margin.left) / innerWidth) * marks.length)
      return i >= 0 && i < marks.length ? i : null
    },
    [innerWidth, marks.length],
  )

  const bottomTicks = useMemo(
    () => xTicks(marks, x, innerWidth, granularity, merged, timeZone),
    [marks, x, innerWidth, granularity, merged, timeZone],
  )

  const legend = useMemo(() => {
    const items: LegendItem[] = [{ label: 'Measured', tone: 'chart1', kind: 'solid' }]
    if (marks.some((m) => m.estimated))
      items.push({ label: 'Estimated', tone: 'chart1', kind: 'outlined' })
    if (marks.some((m) => m.gap && m.kwh !== null))
      items.push({ label: 'Incomplete', tone: 'chart1', kind: 'hatched' })
    if (marks.some((m) => m.kwh === null))
      items.push({ label: 'No data', tone: 'muted', kind: 'hatched' })
    if (marks.some((m) => m.reset))
      items.push({ label: 'Meter reset', tone: 'caution', kind: 'solid' })
    return items
  }, [marks])

  const title = (m: Mark) => formatBucket(m.startMs, m.endMs, granularity, m.count > 1, timeZone)
  // Cost and CO2 beside kWh where the group prices them; no column of dashes where it does not.
  const showCost = Boolean(currency) && marks.some((m) => m.cost !== null)
  const showCo2 = marks.some((m) => m.co2Kg !== null)
  const extras = (m: Mark) => [
    ...(showCost ? [{ label: 'Cost', value: formatCost(m.cost, currency) }] : []),
    ...(showCo2 ? [{ label: 'CO₂e', value: formatCo2(m.co2Kg) }] : []),
  ]
  const summary = useMemo(
    () => summarize(source, granularity, timeZone),
    [source, granularity, timeZone],
  )
  const zeroY = y(0)
  const numTicks = Math.max(2, Math.round(innerHeight / 48))
  const bw = x.bandwidth()
  const resets = marks.flatMap((m, i) => (m.reset ? [i] : []))

  return (
    <ChartShell
      {...common}
      label={name}
      isEmpty={isEmpty}
      legend={legend}
      table={() => ({
        caption: `${name}${merged ? ` (each row sums ${plural(Math.round(source.length / marks.length), `${granularity} value`)} to fit the width)` : ''}`,
        columns: [
          { label: 'Period' },
          { label: 'Consumption', numeric: true },
          ...(showCost ? [{ label: 'Cost', numeric: true }] : []),
          ...(showCo2 ? [{ label: 'CO₂e', numeric: true }] : []),
          { label: 'Notes' },
        ],
        rows: marks.map((m) => ({
          key: String(m.startMs),
          cells: [title(m), chartKwh(m.kwh), ...extras(m).map((e) => e.value), describe(m) ?? ''],
        })),
      })}
    >
      <ChartPlot
        width={width}
        height={height}
        label={name}
        summary={summary}
        unitName="bars"
        count={marks.length}
        indexAt={indexAt}
        anchorFor={(i) => ({
          x: margin.left + (x(i) ?? 0) + bw / 2,
          y:
            margin.top +
            (marks[i]!.kwh === null ? innerHeight / 2 : Math.min(y(marks[i]!.kwh!), zeroY)),
        })}
        onActivate={onBarPress && ((i) => onBarPress(marks[i]!.startMs))}
        activateHint={onBarPress && barPressHint}
        tooltipFor={(i) => {
          const m = marks[i]!
          return {
            title: title(m),
            rows: [
              {
                label: 'Consumption',
                value: chartKwh(m.kwh),
                tone: m.kwh === null ? 'muted' : 'chart1',
                swatch: m.kwh === null ? 'hatched' : kindOf(m),
              },
              ...(m.kwh === null ? [] : extras(m)),
            ],
            note:
              [
                describe(m),
                m.count > 1 && `Sum of ${plural(m.count, `${granularity} value`)}`,
                onBarPress && barPressHint,
              ]
                .filter(Boolean)
                .join('. ') || undefined,
          }
        }}
      >
        {({ index }) => (
          <>
            <defs>
              <Hatch id={`${ids}-inc`} tone="chart1" gap={4} />
              <Hatch id={`${ids}-est`} tone="surface" gap={5} />
              <Hatch id={`${ids}-nodata`} tone="muted" gap={6} />
            </defs>
            <Group left={margin.left} top={margin.top}>
              <GridRows scale={y} width={innerWidth} numTicks={numTicks} className={styles.grid} />
              {index !== null && (
                <rect
                  className={styles.highlight}
                  x={(x(index) ?? 0) - (x.step() - bw) / 2}
                  width={x.step()}
                  y={0}
                  height={innerHeight}
                  rx={2}
                />
              )}
              {marks.map((m, i) => {
                const bx = x(i) ?? 0
                if (m.kwh === null) {
                  return (
                    <Bar
                      key={i}
                      x={bx}
                      y={0}
                      width={bw}
                      height={innerHeight}
                      fill={`url(#${ids}-nodata)`}
                      opacity={0.55}
                    />
                  )
                }
                const top = Math.min(y(m.kwh), zeroY)
                const h = Math.max(m.kwh === 0 ? 0 : 1, Math.abs(zeroY - y(m.kwh)))
                const kind = kindOf(m)
                // An estimated bar: hatched over a light fill, with a dashed edge.
                if (kind === 'outlined')
                  return (
                    <g key={i} data-estimated>
                      <Bar
                        x={bx}
                        y={top}
                        width={bw}
                        height={h}
                        rx={bw > 10 ? 3 : 0}
                        className={`${styles.fill.chart1} ${styles.stroke.chart1}`}
                        fillOpacity={index === null || index === i ? 0.6 : 0.5}
                        strokeWidth={Math.min(1.5, bw / 3)}
                        strokeDasharray="3 2"
                      />
                      <Bar x={bx} y={top} width={bw} height={h} fill={`url(#${ids}-est)`} />
                    </g>
                  )
                return (
                  <Bar
                    key={i}
                    x={bx}
                    y={top}
                    width={bw}
                    height={h}
                    rx={bw > 10 ? 3 : 0}
                    className={kind === 'solid' ? styles.fill.chart1 : styles.stroke.chart1}
                    fill={kind === 'hatched' ? `url(#${ids}-inc)` : undefined}
                    fillOpacity={index === null || index === i ? 1 : 0.85}
                    strokeWidth={kind === 'solid' ? 0 : Math.min(1.5, bw / 3)}
                  />
                )
              })}
              {resets.length > 0 && (
                // One path for every reset marker: a small downward triangle above the bar.
                <path
                  className={styles.fill.caution}
                  d={resets
                    .map((i) => {
                      const cx = (x(i) ?? 0) + bw / 2
                      const top = marks[i]!.kwh === null ? 0 : Math.min(y(marks[i]!.kwh!), zeroY)
                      const s = Math.max(3, Math.min(5, bw / 2))
                      return `M${cx - s},${top - 2 * s - 2}L${cx + s},${top - 2 * s - 2}L${cx},${top - 2}Z`
                    })
                    .join('')}
                />
              )}
              <KwhAxis scale={y} numTicks={numTicks} left={margin.left} />
              <PixelAxisBottom top={innerHeight} width={innerWidth} ticks={bottomTicks} />
            </Group>
          </>
        )}
      </ChartPlot>
    </ChartShell>
  )
}

/** Labels under wide bars name each bar; under dense bars they fall on calendar boundaries. */
function xTicks(
  marks: Mark[],
  x: ReturnType<typeof scaleBand<number>>,
  innerWidth: number,
  granularity: Granularity,
  merged: boolean,
  timeZone?: string,
) {
  if (marks.length === 0 || innerWidth <= 0) return []
  const maxLabels = Math.max(2, Math.floor(innerWidth / 72))
  if (!merged && x.step() >= 24) {
    const every = Math.ceil(marks.length / maxLabels)
    const pattern = barLabelPattern[granularity]
    return marks.flatMap((m, i) =>
      i % every === 0
        ? [{ x: (x(i) ?? 0) + x.bandwidth() / 2, label: formatAt(m.startMs, pattern, timeZone) }]
        : [],
    )
  }
  const first = marks[0]!.startMs
  const last = marks.at(-1)!.endMs
  const { ticks, label } = timeTicks(first, last, maxLabels, timeZone)
  const step = x.step()
  let j = 0
  return ticks.flatMap((t) => {
    while (j < marks.length - 1 && marks[j]!.endMs <= t) j++
    const m = marks[j]!
    const frac = Math.min(1, Math.max(0, (t - m.startMs) / (m.endMs - m.startMs)))
    const px = Math.round(j * step + frac * step)
    // A label centred on the right edge would spill out of the chart.
    return px > innerWidth - 24 ? [] : [{ x: px, label: label(t) }]
  })
}

function summarize(marks: Mark[], granularity: Granularity, timeZone?: string) {
  if (marks.length === 0) return 'No data.'
  const known = marks.filter((m) => m.kwh !== null)
  const total = known.reduce((s, m) => s + m.kwh!, 0)
  const peak = known.reduce<Mark | undefined>(
    (a, m) => (a === undefined || m.kwh! > a.kwh! ? m : a),
    undefined,
  )
  const range = `${formatAt(marks[0]!.startMs, 'd MMM yyyy', timeZone)} to ${formatAt(marks.at(-1)!.endMs - 1, 'd MMM yyyy', timeZone)}`
  const flags = [
    [marks.filter((m) => m.kwh === null).length, 'without data'],
    [marks.filter((m) => m.gap && m.kwh !== null).length, 'incomplete'],
    [marks.filter((m) => m.reset).length, 'with a meter reset'],
    [marks.filter((m) => m.estimated).length, 'estimated'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
  return [
    `${plural(marks.length, `${granularity} value`)} from ${range}.`,
    `Total ${chartKwh(total)}.`,
    peak &&
      `Highest ${chartKwh(peak.kwh)} on ${formatBucket(peak.startMs, peak.endMs, granularity, false, timeZone)}.`,
    flags.length > 0 && `${flags.join(', ')}.`,
  ]
    .filter(Boolean)
    .join(' ')
}
