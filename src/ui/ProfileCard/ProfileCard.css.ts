import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const body = style({ display: 'grid', gap: vars.space.xl, minWidth: 0 })

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(7.5rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
})

export const stat = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
})
export const statLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  margin: 0,
})
export const statValue = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
})
export const memory = styleVariants({
  up: { color: vars.color.caution },
  down: { color: vars.color.success },
})
export const statHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const sectionHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
})
export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
})
export const sectionActions = style({ display: 'flex', gap: vars.space.xs })

export const breakdownBar = style({
  display: 'flex',
  height: '0.75rem',
  borderRadius: vars.radius.full,
  overflow: 'hidden',
  background: vars.color.surfaceSunken,
  gap: '2px',
})
export const segment = styleVariants({
  python: { background: vars.color.chart1 },
  sql: { background: vars.color.chart2 },
  other: { background: vars.color.chart3 },
})
export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: `${vars.space.sm} 0 0`,
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
export const legendDot = style({
  width: '0.625rem',
  height: '0.625rem',
  borderRadius: '2px',
  flexShrink: 0,
})
export const legendValue = style({
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
})

export const steps = style({
  display: 'grid',
  containerType: 'inline-size',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
})

export const step = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
})

export const stepHeading = style({ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' })

export const trigger = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  '@container': {
    // In a narrow card the duration and query count move under the name.
    '(max-width: 30rem)': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
  },
})

export const chevron = style({
  color: vars.color.textMuted,
  transition: `transform ${vars.motion.fast} ease`,
  selectors: { '[data-expanded] &': { transform: 'rotate(90deg)' } },
})

export const stepText = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })
export const stepName = style({
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.sm,
})
export const stepDetails = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})
export const stepMeta = style({
  '@container': { '(max-width: 30rem)': { gridColumn: 2 } },
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})
export const stepDuration = style({ fontWeight: vars.fontWeight.semibold })
export const share = style({
  gridColumn: '2 / -1',
  height: '3px',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
})
export const shareFill = style({
  height: '100%',
  background: vars.color.chart1,
  borderRadius: vars.radius.full,
})

export const panel = style({
  padding: `0 ${vars.space.lg} ${vars.space.lg} calc(${vars.space.lg} + 1rem + ${vars.space.md})`,
  '@container': { '(max-width: 30rem)': { paddingLeft: vars.space.lg } },
  fontSize: vars.fontSize.sm,
})
export const panelMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
})
export const queries = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})
export const query = style({
  display: 'grid',
  gridTemplateColumns: '8.5rem minmax(0, 1fr)',
  alignItems: 'start',
  '@container': {
    '(max-width: 30rem)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs },
  },
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
})
export const sql = style({
  margin: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.5,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: vars.color.text,
})
export const noQueries = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' })

export const timing = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    width: '100%',
    '@container': {
      '(max-width: 30rem)': { width: 'auto', justifySelf: 'start', gap: vars.space.sm },
    },
    padding: `1px ${vars.space.sm}`,
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  variants: {
    level: {
      slow: { background: vars.color.dangerSoft, color: vars.color.danger },
      moderate: { background: vars.color.warningSoft, color: vars.color.warning },
      fast: { background: vars.color.successSoft, color: vars.color.success },
    },
  },
})
globalStyle(`${timing.classNames.base} > span:last-child`, { marginLeft: 'auto' })
