import { style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const root = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 })

export const label = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
})

export const figure = recipe({
  base: {
    display: 'flex',
    // A narrow card moves the unit under the figure rather than breaking the number.
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: vars.space.xs,
    margin: 0,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: vars.lineHeight.tight,
    fontVariantNumeric: 'tabular-nums',
    letterSpacing: '-0.01em',
    whiteSpace: 'nowrap',
  },
  variants: {
    size: {
      md: { fontSize: vars.fontSize.xxl },
      lg: { fontSize: vars.fontSize.display },
    },
  },
  defaultVariants: { size: 'lg' },
})

export const unit = style({
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
})

export const delta = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    margin: 0,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
  },
  variants: {
    tone: {
      good: { color: vars.color.success },
      bad: { color: vars.color.danger },
      neutral: { color: vars.color.textMuted },
    },
  },
})

export const context = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular })
