import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'
import { focusRing } from '../private/focus.css'

/** A plain anchor (a router link) or react-aria's Link: hover and focus from either. */
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  outline: focusRing.outline,
  selectors: {
    ...focusRing.selectors,
    '&:hover, &[data-hovered]': { background: vars.color.surfaceSunken, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.brandSoft, color: vars.color.brand },
  },
})
