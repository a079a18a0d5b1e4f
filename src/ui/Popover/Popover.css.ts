import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(-4px) scale(0.98)' } })
const exit = keyframes({ to: { opacity: 0 } })

export const popover = style({
  minWidth: 'var(--trigger-width)',
  maxWidth: 'calc(100vw - 1rem)',
  overflow: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${enter} ${vars.motion.fast} ease-out` },
    '&[data-exiting]': { animation: `${exit} ${vars.motion.fast} ease-in` },
  },
})

export const padded = style({ padding: vars.space.lg })

export const arrow = style({
  display: 'block',
  fill: vars.color.surfaceRaised,
  stroke: vars.color.border,
  strokeWidth: 1,
  selectors: {
    '[data-placement=bottom] > &': { transform: 'rotate(180deg)' },
    '[data-placement=left] > &': { transform: 'rotate(-90deg)' },
    '[data-placement=right] > &': { transform: 'rotate(90deg)' },
  },
})

export const dialog = style({ outline: 'none' })
