import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

/** Header and rows share one grid: the caller's column tracks, set inline per table. */
const gridRow = {
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'center',
  padding: `0 ${vars.space.md}`,
} as const

export const headerRow = style({
  ...gridRow,
  minHeight: '2.5rem',
  background: vars.color.surfaceSunken,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const headerCell = recipe({
  base: {
    display: 'flex',
    minWidth: 0,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    letterSpacing: '0.01em',
    whiteSpace: 'nowrap',
  },
  variants: {
    align: {
      start: { justifyContent: 'flex-start' },
      center: { justifyContent: 'center' },
      end: { justifyContent: 'flex-end' },
    },
  },
  defaultVariants: { align: 'start' },
})

export const sortButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
})

/** The rows' own scroll container: the virtualiser measures it. */
export const body = style({
  position: 'relative',
  overflowY: 'auto',
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})

export const row = style({
  ...gridRow,
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  boxSizing: 'border-box',
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
})

/** A row measured from its content (no fixed height): room above and below its lines. */
export const measuredRow = style({ paddingBlock: vars.space.sm, alignItems: 'start' })

export const cell = recipe({
  base: { minWidth: 0, overflowWrap: 'anywhere' },
  variants: {
    align: {
      start: { textAlign: 'left' },
      center: { textAlign: 'center' },
      end: { textAlign: 'right' },
    },
    rowHeader: { true: { fontWeight: vars.fontWeight.medium } },
    /** Rows of a fixed height: a long text ends in an ellipsis. */
    oneLine: { true: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } },
  },
  defaultVariants: { align: 'start' },
})

/** Loading placeholders or the empty state, in the one row a table's body may hold. */
export const state = style({ display: 'grid', gap: vars.space.md, padding: vars.space.lg })
