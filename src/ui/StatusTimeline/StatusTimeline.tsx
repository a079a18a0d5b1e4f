import { AxisBottom } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { Fragment, useCallback, useId, useMemo } from 'react'
import {
  ChartPlot,
  ChartShell,
  Hatch,
  ParentWidth,
  chartStyles as styles,
  formatAt,
  nearestIndex,
  svgId,
  timeTicks,
  toMs,
  type ChartCommonProps,
  type LegendItem,
} from '../private/chart'
import { formatDuration, formatPercent } from '~/lib/format'

export const deviceStatuses = ['online', 'offline', 'unknown'] as const
export type DeviceStatus = (typeof deviceStatuses)[number]

export interface StatusSegment {
  /** ISO 8601 start (inclusive). */
  start: string
  /** ISO 8601 end (exclusive). */
  end: string
  status: DeviceStatus
}

export interface StatusTimelineProps extends Omit<ChartCommonProps, 'height'> {
  data: readonly StatusSegment[]
  /** The time range to show; time not covered by a segment counts as unknown. @default the data's extent */
  range?: { start: string; end: string }
  /** Height of the plot (lane and axis) in px. @default 72 */
  height?: number
  /** Accessible name. @default 'Device status' */
  label?: string
}

interface Segment {
  start: number
  end: number
  status: DeviceStatus
  /** Time per status inside a segment that stands for several short ones. */
  mix?: Record<DeviceStatus, number>
  parts: number
}

const margin = { top: 4, right: 12, bottom: 24, left: 12 }
/** A segment narrower than this many px is merged with its short neighbours (<= 2 rects each). */
const MIN_SEGMENT_PX = 3
const statusName: Record<DeviceStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  unknown: 'Unknown',
}

/** Clips to the range, sorts, and fills holes with 'unknown', so the lane is always complete. */
function normalise(data: readonly StatusSegment[], from: number, to: number): Segment[] {
  const sorted = data
    .map((d) => ({
      start: Math.max(from, toMs(d.start)),
      end: Math.min(to, toMs(d.end)),
      status: d.status,
      parts: 1,
    }))
    .filter((s) => s.end > s.start)
    .sort((a, b) => a.start - b.start)
  const out: Segment[] = []
  let cursor = from
  for (const s of sorted) {
    if (s.start > cursor) out.push({ start: cursor, end: s.start, status: 'unknown', parts: 1 })
    const start = Math.max(s.start, cursor)
    if (s.end > start) out.push({ ...s, start })
    cursor = Math.max(cursor, s.end)
  }
  if (cursor < to && out.length) out.push({ start: cursor, end: to, status: 'unknown', parts: 1 })
  return out
}

/**
 * Keeps segments wide enough to see; a run of narrow ones becomes one segment coloured by the status
 * that lasted longest, and the offline share inside it is drawn as well, so short outages stay visible.
 */
function simplify(segments: Segment[], minDuration: number): Segment[] {
  const out: Segment[] = []
  const push = (s: Segment) => {
    const last = out.at(-1)
    if (last && last.status === s.status && !last.mix && !s.mix) last.end = s.end
    else out.push({ ...s })
  }
  let run: Segment[] = []
  const flush = () => {
    if (run.length === 0) return
    if (run.length === 1) push(run[0]!)
    else {
      const mix = { online: 0, offline: 0, unknown: 0 }
      for (const s of run) mix[s.status] += s.end - s.start
      const status = deviceStatuses.reduce((a, b) => (mix[b] > mix[a] ? b : a))
      out.push({ start: run[0]!.start, end: run.at(-1)!.end, status, mix, parts: run.length })
    }
    run = []
  }
  for (const s of segments) {
    if (s.end - s.start >= minDuration) {
      flush()
      push(s)
    } else {
      run.push(s)
      if (run.at(-1)!.end - run[0]!.start >= minDuration) flush()
    }
  }
  flush()
  return out
}

const share = (ratio: number) => formatPercent(ratio, { maxDecimals: 1 })

/** Online, offline and unknown spans of a device over a time range. */
export function StatusTimeline({
  data,
  range,
  label = 'Device status',
  height = 72,
  emptyDescription = 'Status changes will appear here once the device has connected.',
  ...common
}: StatusTimelineProps) {
  const { width, timeZone } = common
  const ids = svgId(useId())
  const innerWidth = Math.max(0, width - margin.left - margin.right)
  const laneHeight = Math.max(8, height - margin.top - margin.bottom)

  const isEmpty = data.length === 0
  const from = range ? toMs(range.start) : isEmpty ? 0 : Math.min(...data.map((d) => toMs(d.start)))
  const to = range ? toMs(range.end) : isEmpty ? 1 : Math.max(...data.map((d) => toMs(d.end)))
  const source = useMemo(
    () => (data.length || range ? normalise(data, from, to) : []),
    [data, range, from, to],
  )
  const segments = useMemo(
    () => simplify(source, ((to - from) / Math.max(1, innerWidth)) * MIN_SEGMENT_PX),
    [source, from, to, innerWidth],
  )
  const x = useMemo(
    () => scaleLinear<number>({ domain: [from, to], range: [0, innerWidth] }),
    [from, to, innerWidth],
  )

  const totals = useMemo(() => {
    const t = { online: 0, offline: 0, unknown: 0 }
    for (const s of source) t[s.status] += s.end - s.start
    return t
  }, [source])
  const span = Math.max(1, to - from)
  const outages = source.filter((s) => s.status === 'offline').length

  const starts = useMemo(() => segments.map((s) => x(s.start)), [segments, x])
  const indexAt = useCallback(
    (px: number) => {
      const mx = px - margin.left
      if (mx < 0 || mx > innerWidth) return null
      const i = nearestIndex(starts, mx)
      if (i < 0) return null
      return starts[i]! > mx && i > 0 ? i - 1 : i
    },
    [starts, innerWidth],
  )

  const pattern = to - from <= 2 * 86_400_000 ? 'EEE d MMM, HH:mm' : 'EEE d MMM yyyy, HH:mm'
  const ticks = useMemo(
    () => timeTicks(from, to, Math.max(2, Math.floor(innerWidth / 80)), timeZone),
    [from, to, innerWidth, timeZone],
  )
  const legend: LegendItem[] = [
    { label: 'Online', tone: 'online', kind: 'solid', value: share(totals.online / span) },
    {
      label: 'Offline',
      tone: 'offline',
      kind: 'striped',
      value: share(totals.offline / span),
    },
    {
      label: 'Unknown',
      tone: 'unknown',
      kind: 'hatched',
      value: share(totals.unknown / span),
    },
  ]
  const summary = `From ${formatAt(from, pattern, timeZone)} to ${formatAt(to, pattern, timeZone)}: online ${share(totals.online / span)} of the time, offline ${share(totals.offline / span)} in ${outages} ${outages === 1 ? 'outage' : 'outages'}, unknown ${share(totals.unknown / span)}.`
  const line = (s: Segment) => {
    const sameDay =
      formatAt(s.start, 'yyyyMMdd', timeZone) === formatAt(s.end - 1, 'yyyyMMdd', timeZone)
    return `${formatAt(s.start, pattern, timeZone)} – ${formatAt(s.end, sameDay ? 'HH:mm' : pattern, timeZone)}`
  }

  return (
    <ChartShell
      {...common}
      emptyDescription={emptyDescription}
      height={height}
      label={label}
      skeleton="block"
      isEmpty={isEmpty}
      legend={legend}
      table={() => ({
        caption: label,
        columns: [
          { label: 'Status' },
          { label: 'From' },
          { label: 'To' },
          { label: 'Duration', numeric: true },
        ],
        rows: source.slice(0, 500).map((s) => ({
          key: String(s.start),
          cells: [
            statusName[s.status],
            formatAt(s.start, pattern, timeZone),
            formatAt(s.end, pattern, timeZone),
            formatDuration(s.end - s.start),
          ],
        })),
      })}
    >
      <ChartPlot
        width={width}
        height={height}
        label={label}
        summary={summary}
        unitName="segments"
        count={segments.length}
        indexAt={indexAt}
        anchorFor={(i) => ({
          x: margin.left + (x(segments[i]!.start) + x(segments[i]!.end)) / 2,
          y: margin.top + laneHeight / 2,
        })}
        tooltipFor={(i) => {
          const s = segments[i]!
          return {
            title: s.mix ? `Mostly ${statusName[s.status].toLowerCase()}` : statusName[s.status],
            rows: s.mix
              ? deviceStatuses
                  .filter((k) => s.mix![k] > 0)
                  .map((k) => ({
                    label: statusName[k],
                    value: formatDuration(s.mix![k]),
                    tone: k,
                    swatch: swatchOf[k],
                  }))
              : [
                  {
                    label: 'Duration',
                    value: formatDuration(s.end - s.start),
                    tone: s.status,
                    swatch: swatchOf[s.status],
                  },
                ],
            note: `${line(s)}${s.mix ? ` · ${s.parts} short segments` : ''}`,
          }
        }}
      >
        {({ index }) => (
          <>
            <defs>
              <pattern
                id={`${ids}-off`}
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
              >
                <rect width="6" height="6" className={styles.fill.offline} />
                <line
                  x1="0"
                  y1="0"
                  x2="0"
                  y2="6"
                  className={styles.stroke.surface}
                  strokeWidth="1.5"
                  strokeOpacity="0.45"
                />
              </pattern>
              <Hatch id={`${ids}-unknown`} tone="unknown" gap={5} />
              <clipPath id={`${ids}-lane`}>
                <rect width={innerWidth} height={laneHeight} rx={4} />
              </clipPath>
            </defs>
            <Group left={margin.left} top={margin.top}>
              <rect width={innerWidth} height={laneHeight} rx={4} className={styles.fill.surface} />
              <g clipPath={`url(#${ids}-lane)`}>
                {segments.map((s, i) => {
                  const x0 = x(s.start)
                  const w = Math.max(1, x(s.end) - x0)
                  const dim = index === null || index === i ? 1 : 0.75
                  const offlineShare =
                    s.mix && s.status !== 'offline' ? s.mix.offline / (s.end - s.start) : 0
                  return (
                    <Fragment key={s.start}>
                      <rect
                        opacity={dim}
                        x={x0}
                        y={0}
                        width={w}
                        height={laneHeight}
                        shapeRendering="crispEdges"
                        className={
                          s.status === 'online'
                            ? styles.fill.online
                            : s.status === 'unknown'
                              ? styles.stroke.unknown
                              : undefined
                        }
                        fill={
                          s.status === 'offline'
                            ? `url(#${ids}-off)`
                            : s.status === 'unknown'
                              ? `url(#${ids}-unknown)`
                              : undefined
                        }
                        strokeWidth={s.status === 'unknown' ? 1 : 0}
                      />
                      {offlineShare > 0 && (
                        <rect
                          opacity={dim}
                          x={x0}
                          y={laneHeight * (1 - Math.max(0.12, offlineShare))}
                          width={w}
                          height={laneHeight * Math.max(0.12, offlineShare)}
                          fill={`url(#${ids}-off)`}
                        />
                      )}
                    </Fragment>
                  )
                })}
              </g>
              {index !== null && (
                <rect
                  x={x(segments[index]!.start) - 1}
                  y={-2}
                  width={Math.max(1, x(segments[index]!.end) - x(segments[index]!.start)) + 2}
                  height={laneHeight + 4}
                  rx={2}
                  className={`${styles.stroke.text} ${styles.fill.none}`}
                  strokeWidth={1.5}
                />
              )}
              <AxisBottom
                top={laneHeight}
                scale={x}
                tickValues={ticks.ticks.filter((t) => x(t) >= 16 && x(t) <= innerWidth - 16)}
                tickFormat={(v) => ticks.label(Number(v))}
                axisClassName={styles.axis}
                hideAxisLine
                tickLength={4}
              />
            </Group>
          </>
        )}
      </ChartPlot>
    </ChartShell>
  )
}

const swatchOf = { online: 'solid', offline: 'striped', unknown: 'hatched' } as const

export type ResponsiveStatusTimelineProps = Omit<StatusTimelineProps, 'width'>

/** StatusTimeline at the width of its container. */
export function ResponsiveStatusTimeline(props: ResponsiveStatusTimelineProps) {
  return <ParentWidth>{(width) => <StatusTimeline {...props} width={width} />}</ParentWidth>
}
