import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' } },
})

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '2.25rem',
  height: '1.25rem',
  borderRadius: vars.radius.full,
  background: vars.color.borderStrong,
  transition: `background ${vars.motion.normal}`,
  selectors: {
    [`${root}[data-selected] &`]: { background: vars.color.brand },
    [`${root}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
})

export const thumb = style({
  position: 'absolute',
  top: '0.125rem',
  left: '0.125rem',
  width: '1rem',
  height: '1rem',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  transition: `transform ${vars.motion.normal}`,
  selectors: { [`${root}[data-selected] &`]: { transform: 'translateX(1rem)' } },
})
