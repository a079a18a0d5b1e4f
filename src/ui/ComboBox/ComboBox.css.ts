import { style } from '@vanilla-extract/css'

/** The input fills the control; the control draws the border and focus ring. */
export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
})

/** The list scrolls inside the popover, as wide as the field. */
export const list = style({
  maxHeight: '18rem',
  overflowY: 'auto',
  minWidth: 'var(--trigger-width)',
})
