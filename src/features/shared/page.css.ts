import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'
import { breakpoints } from '../../styles/tokens'

/** Page pieces shared by the console's screens (users, groups, settings, tenants, reports, dashboard). */
const narrow = `screen and (max-width: ${breakpoints.tablet - 1}px)`

export const stack = style({ display: 'grid', gap: vars.space.xl, minWidth: 0 })

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  marginBottom: vars.space.lg,
})

export const grow = style({ flex: '1 1 16rem', minWidth: 0 })

/** Tables scroll sideways inside their card on narrow screens instead of widening the page. */
export const tableScroll = style({
  overflowX: 'auto',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
})

export const th = style({
  textAlign: 'left',
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { padding: `${vars.space.sm} ${vars.space.md}` } },
})

export const td = style({
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  selectors: { 'tr:last-child > &': { borderBottom: 'none' } },
  '@media': { [narrow]: { padding: `${vars.space.sm} ${vars.space.md}` } },
})

export const numeric = style({
  textAlign: 'right',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
})

export const row = style({
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
  },
})

export const primaryText = style({ fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' })

export const secondaryText = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
})

/** Columns that matter less hide on phones; their content is repeated under the name. */
export const wideOnly = style({ '@media': { [narrow]: { display: 'none' } } })
export const narrowOnly = style({ display: 'none', '@media': { [narrow]: { display: 'block' } } })

export const actionsCell = style({ width: '1%', whiteSpace: 'nowrap', textAlign: 'right' })

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const pagerButtons = style({ display: 'flex', gap: vars.space.xs })

export const form = style({ display: 'grid', gap: vars.space.lg })

export const formRow = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
})

export const formError = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const inlineLink = style({
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: 2,
      borderRadius: vars.radius.sm,
    },
  },
})

export const skeletonRows = style({ display: 'grid', gap: vars.space.md, padding: vars.space.lg })

/** Buttons at the end of a form inside a dialog (inside the form, so Enter submits it). */
export const formActions = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
})

/** The title block every page starts with (PageHeader). */
export const pageHeader = style({ marginBottom: vars.space.xl })
export const pageTitle = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
})
export const pageLead = style({ margin: `${vars.space.xs} 0 0`, color: vars.color.textMuted })
