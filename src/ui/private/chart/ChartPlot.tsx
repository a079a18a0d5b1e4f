import {
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import * as styles from './Chart.css'
import { useChartNavigation, type ActiveSource } from './use-chart-navigation'

export interface TooltipContent {
  title: string
  rows: { label: string; value: string; tone?: keyof typeof styles.fill; swatch?: SwatchKind }[]
  note?: string
}

export type SwatchKind = 'solid' | 'hatched' | 'striped' | 'outlined' | 'line'

export interface ChartPlotProps {
  width: number
  height: number
  /** Accessible name of the chart, e.g. 'Daily consumption'. */
  label: string
  /** One-sentence summary of the data, read after the name. */
  summary: string
  /** What the arrow keys move between ('bars', 'points', 'segments'). */
  unitName: string
  count: number
  /** The mark under the pointer (plot coordinates), or null. */
  indexAt: (x: number, y: number) => number | null
  /** Where the tooltip of mark `i` points (plot coordinates). */
  anchorFor: (i: number) => { x: number; y: number }
  tooltipFor: (i: number) => TooltipContent
  /** Opens mark `i` (a drill-down): a click, Enter or Space, or on touch a second tap. */
  onActivate?: (i: number) => void
  /** What opening a mark does, said after the keyboard instructions, e.g. 'Press Enter to see its hours.' */
  activateHint?: string
  /** The SVG content; receives the active mark to highlight. */
  children: (active: { index: number | null; source: ActiveSource | null }) => ReactNode
}

/**
 * The interactive surface every chart shares: a focusable `role="application"` over an SVG that is
 * hidden from assistive tech (the name, summary, live tooltip and the table carry the data).
 */
export function ChartPlot(props: ChartPlotProps) {
  const {
    width,
    height,
    label,
    summary,
    unitName,
    count,
    indexAt,
    anchorFor,
    tooltipFor,
    onActivate,
    activateHint,
    children,
  } = props
  const nav = useChartNavigation(count, indexAt)
  const id = useId()
  const activation = useActivation(nav, indexAt, onActivate)
  const tip = nav.index === null ? null : tooltipFor(nav.index)
  const anchor = nav.index === null ? null : anchorFor(nav.index)
  const flip = anchor !== null && anchor.x > width * 0.6
  const announce = tip
    ? [tip.title, ...tip.rows.map((r) => `${r.label}: ${r.value}`), tip.note]
        .filter(Boolean)
        .join('. ')
    : ''

  return (
    <div className={styles.plot} style={{ width, height }}>
      {/* role="application" is the WAI-ARIA role for a custom keyboard widget; jsx-a11y counts it as non-interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="application"
        aria-roledescription="chart"
        aria-label={label}
        aria-describedby={`${id}-summary`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className={styles.surface}
        onKeyDown={activation.onKeyDown}
        onPointerDown={activation.onPointerDown}
        onClick={activation.onClick}
        style={onActivate ? { cursor: 'pointer' } : undefined}
        onPointerMove={nav.onPointerMove}
        onPointerLeave={nav.onPointerLeave}
        onBlur={nav.onBlur}
      >
        <svg
          width={width}
          height={height}
          className={styles.svg}
          aria-hidden="true"
          focusable="false"
        >
          {children({ index: nav.index, source: nav.source })}
        </svg>
      </div>
      <span id={`${id}-summary`} hidden>
        {summary} Use the arrow keys to move between {unitName}; Home and End jump to the first and
        last.{activateHint && ` ${activateHint}`}
      </span>
      {tip && anchor && (
        <div
          role="tooltip"
          id={`${id}-tip`}
          className={styles.tooltip}
          style={{
            left: anchor.x,
            top: Math.max(0, Math.min(anchor.y, height - 40)),
            transform: flip ? 'translate(calc(-100% - 12px), -50%)' : 'translate(12px, -50%)',
          }}
        >
          <div className={styles.tooltipTitle}>{tip.title}</div>
          {tip.rows.map((r) => (
            <div key={r.label} className={styles.tooltipRow}>
              {r.tone && <Swatch tone={r.tone} kind={r.swatch ?? 'solid'} />}
              <span>{r.label}</span>
              <span className={styles.tooltipValue}>{r.value}</span>
            </div>
          ))}
          {tip.note && <div className={styles.tooltipNote}>{tip.note}</div>}
        </div>
      )}
      {/* Screen readers hear each point as the arrows move; only keyboard moves are announced. */}
      <div aria-live="polite" aria-atomic="true" className={styles.srOnly}>
        {nav.source === 'keyboard' ? announce : ''}
      </div>
    </div>
  )
}

/**
 * Enter, Space or a click open the active mark. A tap first shows the mark's tooltip and a second
 * tap on the same mark opens it: on a phone there is no hover to read a value before deciding.
 */
function useActivation(
  nav: ReturnType<typeof useChartNavigation>,
  indexAt: ChartPlotProps['indexAt'],
  onActivate: ChartPlotProps['onActivate'],
) {
  const tappedActive = useRef(true)
  const at = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect()
    return indexAt(event.clientX - rect.left, event.clientY - rect.top)
  }
  return {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      if (onActivate && nav.index !== null && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault()
        onActivate(nav.index)
        return
      }
      nav.onKeyDown(event)
    },
    onPointerDown(event: PointerEvent<HTMLElement>) {
      tappedActive.current = event.pointerType !== 'touch' || at(event) === nav.index
      if (event.pointerType === 'touch') nav.onPointerMove(event)
    },
    onClick(event: MouseEvent<HTMLElement>) {
      const i = at(event)
      if (onActivate && i !== null && tappedActive.current) onActivate(i)
    },
  }
}

/** A small legend/tooltip key drawn like the mark it stands for. */
export function Swatch({
  tone,
  kind = 'solid',
  size = 12,
}: {
  tone: keyof typeof styles.fill
  kind?: SwatchKind
  size?: number
}) {
  const id = useId()
  const toneKey = tone as keyof typeof styles.stroke
  return (
    <svg width={size} height={size} className={styles.swatch} aria-hidden="true" focusable="false">
      {kind === 'hatched' && (
        <defs>
          <pattern
            id={id}
            width="4"
            height="4"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <line x1="0" y1="0" x2="0" y2="4" className={styles.stroke[toneKey]} strokeWidth="2" />
          </pattern>
        </defs>
      )}
      {kind === 'striped' && (
        <defs>
          <pattern
            id={id}
            width="4"
            height="4"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="4" height="4" className={styles.fill[tone]} />
            <line
              x1="0"
              y1="0"
              x2="0"
              y2="4"
              className={styles.stroke.surface}
              strokeWidth="1"
              strokeOpacity="0.5"
            />
          </pattern>
        </defs>
      )}
      {kind === 'line' ? (
        <line
          x1="0"
          x2={size}
          y1={size / 2}
          y2={size / 2}
          className={styles.stroke[toneKey]}
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      ) : (
        <rect
          x="0.75"
          y="0.75"
          width={size - 1.5}
          height={size - 1.5}
          rx="2"
          className={
            kind === 'solid'
              ? styles.fill[tone]
              : kind === 'striped'
                ? undefined
                : styles.stroke[toneKey]
          }
          fill={
            kind === 'hatched' || kind === 'striped'
              ? `url(#${id})`
              : kind === 'outlined'
                ? 'none'
                : undefined
          }
          strokeWidth={kind === 'solid' || kind === 'striped' ? 0 : 1.5}
          strokeDasharray={kind === 'outlined' ? '2 1.5' : undefined}
        />
      )}
    </svg>
  )
}
