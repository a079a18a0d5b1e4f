import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

/** Off screen until it has keyboard focus, then a pill over the top-left corner. */
export const skipLink = style({
  position: 'fixed',
  top: vars.space.sm,
  left: vars.space.sm,
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.brand,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  boxShadow: vars.shadow.lg,
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
})
