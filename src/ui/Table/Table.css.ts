import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { breakpoints } from '~/styles/tokens'
import { vars } from '~/styles/vars.css'

const narrow = `screen and (max-width: ${breakpoints.tablet - 1}px)`

export const frame = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
  minWidth: 0,
})

export const caption = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

/** A wide table scrolls sideways inside its frame instead of widening the page. */
export const scroll = style({
  overflowX: 'auto',
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})

const focusRing = {
  '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
} as const

export const table = style({
  width: '100%',
  outline: 'none',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  selectors: focusRing,
})

export const header = style({ background: vars.color.surfaceSunken })

export const column = recipe({
  base: {
    height: '2.5rem',
    padding: `0 ${vars.space.md}`,
    boxSizing: 'border-box',
    borderBottom: `1px solid ${vars.color.border}`,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    letterSpacing: '0.01em',
    whiteSpace: 'nowrap',
    outline: 'none',
    userSelect: 'none',
    selectors: {
      '&[data-allows-sorting]': { cursor: 'pointer' },
      '&[data-allows-sorting][data-hovered]': { color: vars.color.text },
      ...focusRing,
    },
  },
  variants: {
    align: {
      start: { textAlign: 'left' },
      center: { textAlign: 'center' },
      end: { textAlign: 'right' },
    },
  },
  defaultVariants: { align: 'start' },
})

export const columnLabel = style({ verticalAlign: 'middle' })

export const sortIcon = style({
  marginInlineStart: vars.space.xs,
  verticalAlign: 'middle',
  color: vars.color.textSubtle,
  opacity: 0,
  selectors: {
    '[data-allows-sorting][data-hovered] &': { opacity: 1 },
    '[aria-sort="ascending"] &, [aria-sort="descending"] &': { opacity: 1, color: vars.color.text },
  },
})

export const row = style({
  outline: 'none',
  cursor: 'default',
  selectors: {
    '&[data-href], &[data-has-action]': { cursor: 'pointer' },
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-selected]': { background: vars.color.brandSoft },
    ...focusRing,
    '&[data-disabled]': { color: vars.color.textSubtle },
  },
})

export const cell = recipe({
  base: {
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderBottom: `1px solid ${vars.color.border}`,
    verticalAlign: 'middle',
    // Words stay whole (a narrow table scrolls sideways); only a word wider than its column breaks.
    overflowWrap: 'break-word',
    outline: 'none',
    selectors: {
      'tbody > tr:last-child > &': { borderBottom: 'none' },
      ...focusRing,
    },
  },
  variants: {
    align: {
      start: { textAlign: 'left' },
      center: { textAlign: 'center' },
      // Figures and row actions: one line, digits under digits.
      end: { textAlign: 'right', whiteSpace: 'nowrap' },
    },
    rowHeader: { true: { fontWeight: vars.fontWeight.medium } },
  },
  defaultVariants: { align: 'start' },
})

export const selectionCell = style({ width: 48, paddingInline: 0, textAlign: 'center' })

export const hideWhenNarrow = style({ '@media': { [narrow]: { display: 'none' } } })

/** Totals under the rows: set apart and bold. */
export const footer = style({
  fontWeight: vars.fontWeight.semibold,
  background: vars.color.surfaceSunken,
  borderTop: `1px solid ${vars.color.border}`,
})

export const state = style({ display: 'grid', placeItems: 'center', padding: vars.space.xl })

export const loadingRows = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  padding: vars.space.lg,
})

export const loadMore = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
