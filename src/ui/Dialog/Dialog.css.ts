import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'
import { zIndex } from '~/styles/tokens'

const fadeIn = keyframes({ from: { opacity: 0 } })
const fadeOut = keyframes({ to: { opacity: 0 } })
const zoomIn = keyframes({ from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
  selectors: {
    '&[data-entering]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
    '&[data-exiting]': { animation: `${fadeOut} ${vars.motion.fast} ease-in` },
  },
})

export const modal = recipe({
  base: {
    width: '100%',
    maxHeight: 'calc(100dvh - 2rem)',
    overflow: 'auto',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.lg,
    selectors: { '&[data-entering]': { animation: `${zoomIn} ${vars.motion.normal} ease-out` } },
  },
  variants: {
    size: { sm: { maxWidth: '26rem' }, md: { maxWidth: '32rem' }, lg: { maxWidth: '48rem' } },
  },
  defaultVariants: { size: 'md' },
})

export const dialog = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.xl,
  outline: 'none',
})

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
})

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
})

export const message = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
})

export const close = style({
  marginBlock: `calc(${vars.space.xs} * -1)`,
  marginInlineEnd: `calc(${vars.space.sm} * -1)`,
})
