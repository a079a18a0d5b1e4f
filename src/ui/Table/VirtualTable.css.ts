import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../styles/vars.css'

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
    align: { start: { justifyContent: 'flex-start' }, end: { justifyContent: 'flex-end' } },
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

export const cell = recipe({
  base: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  variants: {
    align: { start: { textAlign: 'left' }, end: { textAlign: 'right' } },
    rowHeader: { true: { fontWeight: vars.fontWeight.medium } },
  },
  defaultVariants: { align: 'start' },
})

export const loading = style({ display: 'grid', gap: vars.space.md, padding: vars.space.lg })
