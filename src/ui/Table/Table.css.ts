import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '../../styles/vars.css'

export const frame = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
  minWidth: 0,
})

/** The table is its own scroll container: the virtualizer measures it. */
export const table = style({
  display: 'block',
  width: '100%',
  overflow: 'auto',
  outline: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
  },
})

export const header = style({
  width: '100%',
  height: '100%',
  background: vars.color.surfaceSunken,
  boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
})

export const column = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    height: '100%',
    padding: `0 ${vars.space.md}`,
    boxSizing: 'border-box',
    background: vars.color.surfaceSunken,
    color: vars.color.textMuted,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.semibold,
    letterSpacing: '0.01em',
    textAlign: 'left',
    whiteSpace: 'nowrap',
    outline: 'none',
    userSelect: 'none',
    selectors: {
      '&[data-allows-sorting]': { cursor: 'pointer' },
      '&[data-allows-sorting][data-hovered]': { color: vars.color.text },
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '-2px',
      },
    },
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

export const columnLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis' })

export const sortIcon = style({
  flexShrink: 0,
  color: vars.color.textSubtle,
  opacity: 0,
  selectors: {
    '[data-allows-sorting][data-hovered] &': { opacity: 1 },
    '[aria-sort="ascending"] &, [aria-sort="descending"] &': { opacity: 1, color: vars.color.text },
  },
})

export const row = style({
  // Virtualised rows sit in a positioned wrapper and their cells are absolute: size the row
  // itself, or its background and focus ring have nothing to paint on.
  width: '100%',
  height: '100%',
  boxSizing: 'border-box',
  background: vars.color.surface,
  boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
  outline: 'none',
  cursor: 'default',
  selectors: {
    '&[data-href], &[data-has-action]': { cursor: 'pointer' },
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-selected]': { background: vars.color.brandSoft },
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
    '&[data-disabled]': { color: vars.color.textSubtle },
  },
})

export const cell = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    height: '100%',
    padding: `0 ${vars.space.md}`,
    boxSizing: 'border-box',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    textOverflow: 'ellipsis',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '-2px',
      },
    },
  },
  variants: {
    align: {
      start: { justifyContent: 'flex-start', textAlign: 'left' },
      center: { justifyContent: 'center', textAlign: 'center' },
      end: { justifyContent: 'flex-end', textAlign: 'right' },
    },
    rowHeader: { true: { fontWeight: vars.fontWeight.medium } },
  },
  defaultVariants: { align: 'start' },
})

/** Content of a cell that may be longer than the column. */
export const cellText = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })

export const selectionCell = style({ justifyContent: 'center', paddingInline: 0 })

export const state = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '100%',
  padding: vars.space.xl,
})

export const loadingRows = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  padding: vars.space.lg,
  alignSelf: 'start',
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
