import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const wizard = style({
  display: 'grid',
  gap: vars.space.xl,
  maxWidth: '40rem',
  margin: '0 auto',
  width: '100%',
})

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

export const review = style({ display: 'grid', gap: vars.space.md, margin: 0 })

export const reviewRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
  gap: vars.space.md,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const reviewLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const reviewValue = style({ margin: 0, overflowWrap: 'anywhere' })

export const ruleBox = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
