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
import { formatCo2, formatCost, formatQuantity } from '~/lib/format'

export const consumptionGranularities = [
  'hourly',
  'daily',
  'weekly',
  'monthly',
] as const satisfies readonly Granularity[]

/** A calendar granularity, or the quarter hours a power chart shows (the server's `quarter_hour`). */
export type ConsumptionGranularity = Granularity | 'quarter_hour'

/** What the bars measure: energy per bucket (kWh), or a quarter hour's average power (kW). */
export type ConsumptionMeasure = 'energy' | 'power'

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
  /** A quarter hour's average import power in kW (what `measure="power"` draws); null without data. */
  kw?: number | null
  /**
   * Energy fed back over the bucket by a two-way meter, drawn below the axis beside the import;
   * absent (or null throughout) for a meter that only imports.
   */
  exportKwh?: number | null
  flags?: {
    /** Readings are missing inside the bucket: the value is partial. */
    gap?: boolean
    /** The meter was reset (or replaced) inside the bucket. */
    reset?: boolean
    /** The value is interpolated, not measured. */
    estimated?: boolean
  }
}

/** The window's peak quarter hour, marked on a power chart. */
export interface ChartPeak {
  /** Start of the peak quarter hour, ISO 8601 with offset. */
  start: string
  /** What the marker says, e.g. 'Peak 6.40 kW · Nov 22, 8:15 AM' (also read in the summary). */
  label: string
}

export interface ConsumptionChartProps extends ChartCommonProps {
  data: readonly ConsumptionBucket[]
  /** Size of one bucket; sets date formats and how buckets merge when the width is short. @default 'daily' */
  granularity?: ConsumptionGranularity
  /** Energy (each bucket's `kwh`, with a two-way meter's export) or power (each bucket's `kw`). @default 'energy' */
  measure?: ConsumptionMeasure
  /** The peak quarter hour to mark (its bar, its value and time). */
  peak?: ChartPeak
  /** Accessible name. @default '<Granularity> consumption', or 'Power per quarter hour' */
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
  /** What the bar draws: kWh of energy, or kW of power. */
  value: number | null
  exportKwh: number | null
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

const granularityName: Record<ConsumptionGranularity, string> = {
  quarter_hour: 'Quarter-hourly',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
}
/** Each label reads as what it is: 'Mon 1 Dec' a day, 'Dec 2025' a month ('Dec 25' would read as a day). */
const barLabelPattern: Record<ConsumptionGranularity, string> = {
  quarter_hour: 'HH:mm',
  hourly: 'HH:mm',
  daily: 'EEE d MMM',
  weekly: 'd MMM',
  monthly: 'MMM yyyy',
}

/** What one bucket is called in counts: '96 quarter-hour values'. */
const valueWord: Record<ConsumptionGranularity, string> = {
  quarter_hour: 'quarter-hour value',
  hourly: 'hourly value',
  daily: 'daily value',
  weekly: 'weekly value',
  monthly: 'monthly value',
}

/** Dates of a quarter hour read as an hour's do (a day and a clock time). */
const calendarOf = (granularity: ConsumptionGranularity): Granularity =>
  granularity === 'quarter_hour' ? 'hourly' : granularity

/** A bar's figure as tooltips, tables and the summary say it. */
const formatValue = (measure: ConsumptionMeasure, value: number | null | undefined) =>
  measure === 'energy' ? chartKwh(value) : value == null ? 'No data' : formatQuantity(value, 'kW')

function toMarks(data: readonly ConsumptionBucket[], measure: ConsumptionMeasure): Mark[] {
  const starts = data.map((d) => toMs(d.start))
  const typical =
    starts.length > 1 ? (starts.at(-1)! - starts[0]!) / (starts.length - 1) : 86_400_000
  return data.map((d, i) => ({
    startMs: starts[i]!,
    endMs: d.end ? toMs(d.end) : (starts[i + 1] ?? starts[i]! + typical),
    value: measure === 'power' ? (d.kw ?? null) : d.kwh,
    exportKwh: d.exportKwh ?? null,
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

/**
 * Merging buckets to fit the width: a merged bar's kWh is the sum of its buckets (sum-preserving);
 * its power the highest of its quarter hours, so the peak stays as tall as it was. Flags carry over.
 */
const combineFor = (measure: ConsumptionMeasure) =>
  function combine(group: readonly Mark[]): Mark {
    const known = group.filter((m) => m.value !== null)
    const exported = group.filter((m) => m.exportKwh !== null)
    return {
      startMs: group[0]!.startMs,
      endMs: group.at(-1)!.endMs,
      value: known.length
        ? measure === 'power'
          ? Math.max(...known.map((m) => m.value!))
          : known.reduce((s, m) => s + m.value!, 0)
        : null,
      exportKwh: exported.length ? exported.reduce((s, m) => s + m.exportKwh!, 0) : null,
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
    m.value === null && 'No readings in this period',
    m.gap && m.value !== null && 'Incomplete: some readings are missing',
    m.estimated && 'Estimated: includes values interpolated between readings',
    m.reset && 'Meter reset in this period',
  ].filter(Boolean)
  return notes.length ? notes.join('. ') : undefined
}

const kindOf = (m: Mark) => (m.estimated ? 'outlined' : m.gap ? 'hatched' : 'solid')

/**
 * Energy used per quarter hour, hour, day, week or month as bars (a two-way meter's export mirrored
 * below the axis), or a quarter hour's average power with the peak marked; gaps, resets and
 * estimates are marked, not hidden.
 */
export function ConsumptionChart({
  data,
  granularity = 'daily',
  measure = 'energy',
  peak,
  label,
  onBarPress,
  barPressHint,
  currency,
  ...common
}: ConsumptionChartProps) {
  const { width, height = 240, timeZone } = common
  const power = measure === 'power'
  const name =
    label ?? (power ? 'Power per quarter hour' : `${granularityName[granularity]} consumption`)
  const ids = svgId(useId())
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const innerHeight = Math.max(0, height - margin.top - margin.bottom)
  const calendar = calendarOf(granularity)
  const format = (value: number | null | undefined) => formatValue(measure, value)

  const source = useMemo(() => toMarks(data, measure), [data, measure])
  const marks = useMemo(() => {
    const max = Math.max(1, Math.min(MAX_BARS, Math.floor(innerWidth / MIN_PX_PER_BAR)))
    return mergeBuckets(source, max, combineFor(measure), naturalGroupSizes[granularity])
  }, [source, innerWidth, granularity, measure])
  const merged = marks.length < source.length
  const isEmpty = source.every((m) => m.value === null)
  // Export is energy: a power chart draws the import power only (the server's `kw`).
  const twoWay = !power && marks.some((m) => m.exportKwh !== null)
  const peakIndex = useMemo(() => {
    if (!peak) return null
    const at = toMs(peak.start)
    const i = marks.findIndex((m) => m.startMs <= at && at < m.endMs && m.value !== null)
    return i < 0 ? null : i
  }, [marks, peak])

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
    const values = marks.map((m) => m.value ?? 0)
    const low = twoWay ? -Math.max(0, ...marks.map((m) => m.exportKwh ?? 0)) * 1.05 : 0
    // Room above the highest bar for the peak's label.
    const headroom = peakIndex === null ? 1.05 : 1.3
    return scaleLinear<number>({
      domain: kwhDomain(Math.min(low, ...values), Math.max(0, ...values) * headroom),
      range: [innerHeight, 0],
      nice: true,
    })
  }, [marks, innerHeight, twoWay, peakIndex])

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
    const items: LegendItem[] = [
      {
        label: power ? 'Average power' : twoWay ? 'Import' : 'Measured',
        tone: 'chart1',
        kind: 'solid',
      },
    ]
    if (twoWay) items.push({ label: 'Export', tone: 'chart2', kind: 'solid' })
    if (peakIndex !== null) items.push({ label: 'Peak', tone: 'chart3', kind: 'solid' })
    if (marks.some((m) => m.estimated))
      items.push({ label: 'Estimated', tone: 'chart1', kind: 'outlined' })
    if (marks.some((m) => m.gap && m.value !== null))
      items.push({ label: 'Incomplete', tone: 'chart1', kind: 'hatched' })
    if (marks.some((m) => m.value === null))
      items.push({ label: 'No data', tone: 'muted', kind: 'hatched' })
    if (marks.some((m) => m.reset))
      items.push({ label: 'Meter reset', tone: 'caution', kind: 'solid' })
    return items
  }, [marks, power, twoWay, peakIndex])

  // A quarter hour is named by its start and end ('Sun 22 Nov 2026, 08:15 – 08:30').
  const title = (m: Mark) =>
    formatBucket(
      m.startMs,
      m.endMs,
      calendar,
      m.count > 1 || granularity === 'quarter_hour',
      timeZone,
    )
  const valueLabel = power ? 'Power' : twoWay ? 'Import' : 'Consumption'
  // Cost and CO2 beside kWh where the group prices them; no column of dashes where it does not.
  const showCost = !power && Boolean(currency) && marks.some((m) => m.cost !== null)
  const showCo2 = !power && marks.some((m) => m.co2Kg !== null)
  const twoWayFigures = (m: Mark) =>
    twoWay
      ? [
          { label: 'Export', value: chartKwh(m.exportKwh) },
          {
            label: 'Net',
            value: chartKwh(
              m.value === null || m.exportKwh === null ? null : m.value - m.exportKwh,
            ),
          },
        ]
      : []
  const extras = (m: Mark) => [
    ...twoWayFigures(m),
    ...(showCost ? [{ label: 'Cost', value: formatCost(m.cost, currency) }] : []),
    ...(showCo2 ? [{ label: 'CO₂e', value: formatCo2(m.co2Kg) }] : []),
  ]
  const summary = useMemo(
    () =>
      summarize(
        source,
        measure,
        granularity,
        timeZone,
        peak && peakIndex !== null ? peak : undefined,
      ),
    [source, measure, granularity, timeZone, peak, peakIndex],
  )
  const zeroY = y(0)
  const numTicks = Math.max(2, Math.round(innerHeight / 48))
  const bw = x.bandwidth()
  const resets = marks.flatMap((m, i) => (m.reset ? [i] : []))
  const word = valueWord[granularity]

  return (
    <ChartShell
      {...common}
      label={name}
      isEmpty={isEmpty}
      legend={legend}
      table={() => ({
        caption: `${name}${merged ? ` (each row ${power ? 'shows the highest' : 'sums'} of ${plural(Math.round(source.length / marks.length), word)} to fit the width)` : ''}`,
        columns: [
          { label: 'Period' },
          { label: valueLabel, numeric: true },
          ...(twoWay
            ? [
                { label: 'Export', numeric: true },
                { label: 'Net', numeric: true },
              ]
            : []),
          ...(showCost ? [{ label: 'Cost', numeric: true }] : []),
          ...(showCo2 ? [{ label: 'CO₂e', numeric: true }] : []),
          { label: 'Notes' },
        ],
        rows: marks.map((m, i) => ({
          key: String(m.startMs),
          cells: [
            title(m),
            format(m.value),
            ...extras(m).map((e) => e.value),
            [i === peakIndex && 'Peak', describe(m)].filter(Boolean).join('. '),
          ],
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
            (marks[i]!.value === null ? innerHeight / 2 : Math.min(y(marks[i]!.value!), zeroY)),
        })}
        onActivate={onBarPress && ((i) => onBarPress(marks[i]!.startMs))}
        activateHint={onBarPress && barPressHint}
        tooltipFor={(i) => {
          const m = marks[i]!
          return {
            title: title(m),
            rows: [
              {
                label: valueLabel,
                value: format(m.value),
                tone: m.value === null ? 'muted' : i === peakIndex ? 'chart3' : 'chart1',
                swatch: m.value === null ? 'hatched' : kindOf(m),
              },
              ...(m.value === null
                ? []
                : extras(m).map((e) =>
                    e.label === 'Export'
                      ? { ...e, tone: 'chart2' as const, swatch: 'solid' as const }
                      : e,
                  )),
            ],
            note:
              [
                i === peakIndex && peak?.label,
                describe(m),
                m.count > 1 &&
                  (power
                    ? `Highest of ${plural(m.count, word)}`
                    : `Sum of ${plural(m.count, word)}`),
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
                if (m.value === null) {
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
                const top = Math.min(y(m.value), zeroY)
                const h = Math.max(m.value === 0 ? 0 : 1, Math.abs(zeroY - y(m.value)))
                const kind = kindOf(m)
                // The peak's bar in its own tone: found without the label (which may sit far off).
                const tone = i === peakIndex ? 'chart3' : 'chart1'
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
                        className={`${styles.fill[tone]} ${styles.stroke[tone]}`}
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
                    className={kind === 'solid' ? styles.fill[tone] : styles.stroke[tone]}
                    fill={kind === 'hatched' ? `url(#${ids}-inc)` : undefined}
                    fillOpacity={index === null || index === i ? 1 : 0.85}
                    strokeWidth={kind === 'solid' ? 0 : Math.min(1.5, bw / 3)}
                  />
                )
              })}
              {twoWay &&
                marks.map((m, i) =>
                  m.exportKwh === null || m.exportKwh <= 0 ? null : (
                    // Export mirrored under the axis, beside the import it offsets.
                    <Bar
                      key={`export-${i}`}
                      x={x(i) ?? 0}
                      y={zeroY}
                      width={bw}
                      height={Math.max(1, y(-m.exportKwh) - zeroY)}
                      rx={bw > 10 ? 3 : 0}
                      className={styles.fill.chart2}
                      fillOpacity={index === null || index === i ? 1 : 0.85}
                      data-export
                    />
                  ),
                )}
              {resets.length > 0 && (
                // One path for every reset marker: a small downward triangle above the bar.
                <path
                  className={styles.fill.caution}
                  d={resets
                    .map((i) => {
                      const cx = (x(i) ?? 0) + bw / 2
                      const top =
                        marks[i]!.value === null ? 0 : Math.min(y(marks[i]!.value!), zeroY)
                      const s = Math.max(3, Math.min(5, bw / 2))
                      return `M${cx - s},${top - 2 * s - 2}L${cx + s},${top - 2 * s - 2}L${cx},${top - 2}Z`
                    })
                    .join('')}
                />
              )}
              {twoWay && (
                <line x1={0} x2={innerWidth} y1={zeroY} y2={zeroY} className={styles.zeroLine} />
              )}
              {peak && peakIndex !== null && (
                <PeakMarker
                  cx={(x(peakIndex) ?? 0) + bw / 2}
                  top={y(marks[peakIndex]!.value!)}
                  innerWidth={innerWidth}
                  label={peak.label}
                />
              )}
              <KwhAxis
                scale={y}
                numTicks={numTicks}
                left={margin.left}
                unit={power ? 'kW' : 'kWh'}
              />
              <PixelAxisBottom top={innerHeight} width={innerWidth} ticks={bottomTicks} />
            </Group>
          </>
        )}
      </ChartPlot>
    </ChartShell>
  )
}

/**
 * The peak's label above its bar, on the side with room (towards the middle of the plot), joined
 * to the bar by a short rule.
 */
function PeakMarker({
  cx,
  top,
  innerWidth,
  label,
}: {
  cx: number
  top: number
  innerWidth: number
  label: string
}) {
  const towardsRight = cx < innerWidth / 2
  const labelY = Math.max(10, top - 10)
  return (
    <g data-peak aria-hidden="true">
      <line x1={cx} x2={cx} y1={labelY + 3} y2={top - 2} className={styles.stroke.chart3} />
      <circle cx={cx} cy={labelY + 3} r={2.5} className={styles.fill.chart3} />
      <text
        x={towardsRight ? cx + 6 : cx - 6}
        y={labelY + 6}
        textAnchor={towardsRight ? 'start' : 'end'}
        className={styles.peakLabel}
      >
        {label}
      </text>
    </g>
  )
}

/** Labels under wide bars name each bar; under dense bars they fall on calendar boundaries. */
function xTicks(
  marks: Mark[],
  x: ReturnType<typeof scaleBand<number>>,
  innerWidth: number,
  granularity: ConsumptionGranularity,
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

function summarize(
  marks: Mark[],
  measure: ConsumptionMeasure,
  granularity: ConsumptionGranularity,
  timeZone?: string,
  peak?: ChartPeak,
) {
  if (marks.length === 0) return 'No data.'
  const known = marks.filter((m) => m.value !== null)
  const total = known.reduce((s, m) => s + m.value!, 0)
  const exported = marks.filter((m) => m.exportKwh !== null)
  const highest = known.reduce<Mark | undefined>(
    (a, m) => (a === undefined || m.value! > a.value! ? m : a),
    undefined,
  )
  const range = `${formatAt(marks[0]!.startMs, 'd MMM yyyy', timeZone)} to ${formatAt(marks.at(-1)!.endMs - 1, 'd MMM yyyy', timeZone)}`
  const flags = [
    [marks.filter((m) => m.value === null).length, 'without data'],
    [marks.filter((m) => m.gap && m.value !== null).length, 'incomplete'],
    [marks.filter((m) => m.reset).length, 'with a meter reset'],
    [marks.filter((m) => m.estimated).length, 'estimated'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
  const calendar = calendarOf(granularity)
  return [
    `${plural(marks.length, valueWord[granularity])} from ${range}.`,
    // Power is a rate: its quarter hours add up to no total.
    measure === 'energy' && `Total ${chartKwh(total)}.`,
    measure === 'energy' &&
      exported.length > 0 &&
      `Export ${chartKwh(exported.reduce((s, m) => s + m.exportKwh!, 0))}.`,
    peak
      ? `${peak.label}.`
      : highest &&
        `Highest ${formatValue(measure, highest.value)} on ${formatBucket(highest.startMs, highest.endMs, calendar, granularity === 'quarter_hour', timeZone)}.`,
    flags.length > 0 && `${flags.join(', ')}.`,
  ]
    .filter(Boolean)
    .join(' ')
}
