import { AxisBottom } from '@visx/axis'
import { GridRows } from '@visx/grid'
import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { AreaClosed, LinePath } from '@visx/shape'
import { useCallback, useId, useMemo } from 'react'
import {
  ChartPlot,
  ChartShell,
  Hatch,
  KwhAxis,
  ParentWidth,
  chartStyles as styles,
  downsampleLine,
  formatAt,
  chartKwh,
  nearestIndex,
  svgId,
  timeTicks,
  toMs,
  type ChartCommonProps,
  kwhDomain,
} from '../private/chart'

export interface CumulativePoint {
  /** ISO 8601 instant of the reading. */
  time: string
  /** The meter's cumulative register (or the running total since the period start); null breaks the line. */
  kwh: number | null
}

export interface CumulativeChartProps extends ChartCommonProps {
  data: readonly CumulativePoint[]
  /** Accessible name. @default 'Cumulative consumption' */
  label?: string
}

interface Point {
  t: number
  kwh: number | null
}

const margin = { top: 22, right: 12, bottom: 28, left: 56 }
/** One vertex per 2 px of width at most. */
const PX_PER_POINT = 2

const xOf = (p: Point) => p.t
const yOf = (p: Point) => p.kwh

/** Cumulative kWh as a line over time: the slope is the consumption rate. */
export function CumulativeChart({
  data,
  label = 'Cumulative consumption',
  ...common
}: CumulativeChartProps) {
  const { width, height = 240, timeZone } = common
  const ids = svgId(useId())
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const innerHeight = Math.max(0, height - margin.top - margin.bottom)

  const source = useMemo(() => data.map((d) => ({ t: toMs(d.time), kwh: d.kwh })), [data])
  const points = useMemo(
    () => downsampleLine(source, Math.max(2, Math.floor(innerWidth / PX_PER_POINT)), xOf, yOf),
    [source, innerWidth],
  )
  const known = useMemo(
    () => source.filter((p) => p.kwh !== null) as { t: number; kwh: number }[],
    [source],
  )
  const isEmpty = known.length === 0
  const first = known[0]
  const last = known.at(-1)

  const x = useMemo(
    () =>
      scaleLinear<number>({
        domain: [source[0]?.t ?? 0, source.at(-1)?.t ?? 1],
        range: [0, innerWidth],
      }),
    [source, innerWidth],
  )
  const y = useMemo(() => {
    const lo = first?.kwh ?? 0
    const hi = last?.kwh ?? 1
    const min = Math.min(...known.map((p) => p.kwh))
    const max = Math.max(...known.map((p) => p.kwh))
    // A running total starts at zero; a meter register would flatten against a zero baseline.
    const floor = min <= (max - min) * 0.25 ? Math.min(0, min) : min
    return scaleLinear<number>({
      domain: kwhDomain(floor, Math.max(hi, lo, max)),
      range: [innerHeight, 0],
      nice: true,
    })
  }, [known, first, last, innerHeight])

  const px = useMemo(() => points.map((p) => x(p.t)), [points, x])
  const indexAt = useCallback(
    (mx: number) => {
      if (mx < margin.left - 8 || mx > margin.left + innerWidth + 8) return null
      const i = nearestIndex(px, mx - margin.left)
      return i < 0 ? null : i
    },
    [px, innerWidth],
  )

  const spacing = source.length > 1 ? (source.at(-1)!.t - source[0]!.t) / (source.length - 1) : 0
  const pattern = spacing < 86_400_000 ? 'EEE d MMM yyyy, HH:mm' : 'EEE d MMM yyyy'
  const ticks = useMemo(
    () =>
      source.length
        ? timeTicks(
            source[0]!.t,
            source.at(-1)!.t,
            Math.max(2, Math.floor(innerWidth / 80)),
            timeZone,
          )
        : null,
    [source, innerWidth, timeZone],
  )
  const rise = first && last ? last.kwh - first.kwh : 0
  const summary =
    first && last
      ? `${source.length} readings from ${formatAt(first.t, pattern, timeZone)} to ${formatAt(last.t, pattern, timeZone)}, rising from ${chartKwh(first.kwh)} to ${chartKwh(last.kwh)} (${chartKwh(rise)} used).`
      : 'No data.'
  const numTicks = Math.max(2, Math.round(innerHeight / 48))
  const gapRanges = useMemo(() => gapsOf(source), [source])
  const gaps = gapRanges.length > 0

  return (
    <ChartShell
      {...common}
      label={label}
      skeleton="block"
      isEmpty={isEmpty}
      legend={[
        { label: 'Cumulative kWh', tone: 'chart1', kind: 'line' },
        { label: 'Used in period', value: chartKwh(rise) },
        ...(gaps
          ? [{ label: 'No readings', tone: 'muted' as const, kind: 'hatched' as const }]
          : []),
      ]}
      table={() => ({
        caption: `${label}${points.length < source.length ? ` (${points.length} of ${source.length} readings, chosen to keep the line's shape)` : ''}`,
        columns: [
          { label: 'Time' },
          { label: 'Meter reading', numeric: true },
          { label: 'Since start', numeric: true },
        ],
        rows: points.map((p) => ({
          key: String(p.t),
          cells: [
            formatAt(p.t, pattern, timeZone),
            chartKwh(p.kwh),
            p.kwh === null || !first ? '' : `+${chartKwh(p.kwh - first.kwh)}`,
          ],
        })),
      })}
    >
      <ChartPlot
        width={width}
        height={height}
        label={label}
        summary={summary}
        unitName="readings"
        count={points.length}
        indexAt={indexAt}
        anchorFor={(i) => ({
          x: margin.left + px[i]!,
          y: margin.top + (points[i]!.kwh === null ? innerHeight / 2 : y(points[i]!.kwh!)),
        })}
        tooltipFor={(i) => {
          const p = points[i]!
          return {
            title: formatAt(p.t, pattern, timeZone),
            rows:
              p.kwh === null
                ? [{ label: 'Meter reading', value: 'No data', tone: 'muted', swatch: 'hatched' }]
                : [
                    {
                      label: 'Meter reading',
                      value: chartKwh(p.kwh),
                      tone: 'chart1',
                      swatch: 'line',
                    },
                    { label: 'Since start', value: `+${chartKwh(p.kwh - (first?.kwh ?? 0))}` },
                  ],
          }
        }}
      >
        {({ index }) => {
          const active = index === null ? null : points[index]!
          return (
            <>
              <defs>
                <Hatch id={`${ids}-gap`} tone="muted" gap={6} />
                <linearGradient id={`${ids}-area`} x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0%" className={styles.stopColor.chart1} stopOpacity={0.28} />
                  <stop offset="100%" className={styles.stopColor.chart1} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              <Group left={margin.left} top={margin.top}>
                <GridRows
                  scale={y}
                  width={innerWidth}
                  numTicks={numTicks}
                  className={styles.grid}
                />
                {mergeClose(gapRanges.map(([a, b]) => [x(a), x(b)] as const)).map(([a, b]) => (
                  <rect
                    key={a}
                    x={a}
                    width={Math.max(2, b - a)}
                    y={0}
                    height={innerHeight}
                    fill={`url(#${ids}-gap)`}
                    opacity={0.5}
                  />
                ))}
                <AreaClosed
                  data={points}
                  x={(p) => x(p.t)}
                  y={(p) => y(p.kwh ?? 0)}
                  yScale={y}
                  defined={(p) => p.kwh !== null}
                  fill={`url(#${ids}-area)`}
                />
                <LinePath
                  data={points}
                  x={(p) => x(p.t)}
                  y={(p) => y(p.kwh ?? 0)}
                  defined={(p) => p.kwh !== null}
                  className={`${styles.stroke.chart1} ${styles.fill.none}`}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
                <KwhAxis scale={y} numTicks={numTicks} left={margin.left} />
                {ticks && (
                  <AxisBottom
                    top={innerHeight}
                    scale={x}
                    tickValues={ticks.ticks.filter((t) => x(t) <= innerWidth - 20)}
                    tickFormat={(v) => ticks.label(Number(v))}
                    axisClassName={styles.axis}
                    tickLength={4}
                  />
                )}
                {active && (
                  <g>
                    <line
                      className={styles.crosshair}
                      x1={x(active.t)}
                      x2={x(active.t)}
                      y1={0}
                      y2={innerHeight}
                    />
                    {active.kwh !== null && (
                      <circle
                        cx={x(active.t)}
                        cy={y(active.kwh)}
                        r={4.5}
                        className={`${styles.fill.surface} ${styles.stroke.chart1}`}
                        strokeWidth={2.5}
                      />
                    )}
                  </g>
                )}
              </Group>
            </>
          )
        }}
      </ChartPlot>
    </ChartShell>
  )
}

/** Time ranges without readings: from the last reading before to the first after. */
function gapsOf(points: Point[]): [number, number][] {
  const out: [number, number][] = []
  let from: number | null = null
  points.forEach((p, i) => {
    if (p.kwh === null && from === null) from = points[i - 1]?.t ?? p.t
    if (p.kwh !== null && from !== null) {
      out.push([from, p.t])
      from = null
    }
  })
  if (from !== null) out.push([from, points.at(-1)!.t])
  return out
}

/** Gap bands closer than 2 px become one, so thousands of tiny gaps stay a handful of rects. */
function mergeClose(ranges: (readonly [number, number])[]) {
  const out: [number, number][] = []
  for (const [a, b] of ranges) {
    const last = out.at(-1)
    if (last && a - last[1] < 2) last[1] = b
    else out.push([a, b])
  }
  return out
}

export type ResponsiveCumulativeChartProps = Omit<CumulativeChartProps, 'width'>

/** CumulativeChart at the width of its container. */
export function ResponsiveCumulativeChart(props: ResponsiveCumulativeChartProps) {
  return <ParentWidth>{(width) => <CumulativeChart {...props} width={width} />}</ParentWidth>
}
