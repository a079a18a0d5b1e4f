import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

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

/** The chevron that opens the whole list: the control's height, no box of its own. */
export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  alignSelf: 'stretch',
  marginInlineEnd: `calc(-1 * ${vars.space.sm})`,
  paddingInline: vars.space.xs,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-hovered], &[data-pressed]': { color: vars.color.text } },
})
