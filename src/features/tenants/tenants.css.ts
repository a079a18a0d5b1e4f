import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** Four bars over the step names: done and current in the brand colour. */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, 1fr)',
  gap: vars.space.sm,
  counterReset: 'step',
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
    '&[data-state="done"]::before, &[aria-current="step"]::before': {
      background: vars.color.brand,
    },
    '&[aria-current="step"]': { color: vars.color.text },
  },
})

export const reviewRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
  gap: vars.space.md,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const ruleBox = style({
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
