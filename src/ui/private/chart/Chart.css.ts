import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  fontFamily: vars.font.body,
  color: vars.color.text,
  minWidth: 0,
})

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: '2rem',
})

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
})
export const legendValue = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
})

export const swatch = style({ flexShrink: 0, display: 'block', borderRadius: '2px' })

export const plot = style({ position: 'relative' })

export const surface = style({
  display: 'block',
  borderRadius: vars.radius.md,
  touchAction: 'pan-y',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})

export const svg = style({ display: 'block', overflow: 'visible' })

export const tooltip = style({
  position: 'absolute',
  zIndex: 2,
  pointerEvents: 'none',
  minWidth: '9rem',
  maxWidth: '18rem',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.4,
  color: vars.color.text,
  whiteSpace: 'normal',
})
export const tooltipTitle = style({
  fontWeight: vars.fontWeight.semibold,
  marginBottom: vars.space.xxs,
})
export const tooltipRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
})
export const tooltipValue = style({
  marginLeft: 'auto',
  paddingLeft: vars.space.md,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})
export const tooltipNote = style({
  marginTop: vars.space.xxs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
})

/* Axes: visx renders <text> and <line>; colour them from the theme. */
export const axis = style({})
globalStyle(`${axis} text`, {
  fill: vars.color.textMuted,
  fontFamily: vars.font.body,
  fontSize: '11px',
  fontVariantNumeric: 'tabular-nums',
})
globalStyle(`${axis} line, ${axis} path`, { stroke: vars.color.borderStrong })
export const axisLabel = style({
  fill: vars.color.textSubtle,
  fontSize: '11px',
  fontFamily: vars.font.body,
})

export const grid = style({})
globalStyle(`${grid} line`, { stroke: vars.color.chartGrid, strokeDasharray: '2 3' })

/** Fill and stroke tones for marks; SVG presentation colours come only from the theme. */
export const fill = styleVariants({
  chart1: { fill: vars.color.chart1 },
  chart2: { fill: vars.color.chart2 },
  chart3: { fill: vars.color.chart3 },
  online: { fill: vars.color.success },
  offline: { fill: vars.color.danger },
  unknown: { fill: vars.color.textSubtle },
  caution: { fill: vars.color.caution },
  surface: { fill: vars.color.surface },
  muted: { fill: vars.color.textSubtle },
  none: { fill: 'none' },
})
export const stroke = styleVariants({
  chart1: { stroke: vars.color.chart1 },
  chart2: { stroke: vars.color.chart2 },
  chart3: { stroke: vars.color.chart3 },
  online: { stroke: vars.color.success },
  offline: { stroke: vars.color.danger },
  unknown: { stroke: vars.color.textSubtle },
  caution: { stroke: vars.color.caution },
  surface: { stroke: vars.color.surface },
  muted: { stroke: vars.color.textSubtle },
  text: { stroke: vars.color.text },
  none: { stroke: 'none' },
})
export const stopColor = styleVariants({
  chart1: { stopColor: vars.color.chart1 },
  chart2: { stopColor: vars.color.chart2 },
})

/** The axis a two-way chart's export hangs from. */
export const zeroLine = style({ stroke: vars.color.textSubtle, strokeWidth: 1 })

/** What a power chart's peak marker says (its value and time). */
export const peakLabel = style({
  fill: vars.color.text,
  fontSize: '11px',
  fontWeight: 600,
  fontFamily: vars.font.body,
  // Readable over the bars and the grid it may cross.
  paintOrder: 'stroke',
  stroke: vars.color.surface,
  strokeWidth: 3,
  strokeLinejoin: 'round',
})

/** The band behind the active bar or the rule at the active point. */
export const highlight = style({ fill: vars.color.text, opacity: 0.06 })
export const crosshair = style({
  stroke: vars.color.textSubtle,
  strokeWidth: 1,
  strokeDasharray: '3 3',
})

export const tableWrap = style({
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
})
globalStyle(`${table} caption`, {
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
})
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  whiteSpace: 'nowrap',
})
globalStyle(`${table} thead th`, {
  position: 'sticky',
  top: 0,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
})
globalStyle(`${table} td[data-numeric], ${table} th[data-numeric]`, { textAlign: 'right' })

export const stateBox = style({ display: 'flex', alignItems: 'center', justifyContent: 'center' })

export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
})

export const skeletonBars = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  paddingLeft: '44px',
  borderBottom: `1px solid ${vars.color.border}`,
})

export const toggle = style({ marginLeft: 'auto' })
