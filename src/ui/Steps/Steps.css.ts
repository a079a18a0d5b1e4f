import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

/** A bar over each step's name, all in one row; done and current bars in the brand colour. */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
})

export const step = style({
  display: 'grid',
  gap: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  selectors: {
    '&::before': {
      content: '""',
      height: 4,
      borderRadius: vars.radius.full,
      background: vars.color.border,
    },
    '&[data-done]::before, &[aria-current="step"]::before': { background: vars.color.brand },
    '&[aria-current="step"]': { color: vars.color.text },
  },
})
