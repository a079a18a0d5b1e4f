import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
})

export const root = style({
  display: 'grid',
  gap: vars.space.xs,
  width: '100%',
  fontSize: vars.fontSize.sm,
})

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
})
export const label = style({ fontWeight: vars.fontWeight.medium, color: vars.color.text })
export const value = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })

export const track = recipe({
  base: {
    position: 'relative',
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    background: vars.color.surfaceHover,
  },
  variants: { size: { sm: { height: '0.375rem' }, md: { height: '0.5rem' } } },
  defaultVariants: { size: 'md' },
})

export const fill = recipe({
  base: {
    height: '100%',
    borderRadius: 'inherit',
    transition: `width ${vars.motion.normal} ease-out`,
  },
  variants: {
    tone: {
      brand: { background: vars.color.brand },
      success: { background: vars.color.success },
      warning: { background: vars.color.warning },
      danger: { background: vars.color.danger },
    },
    indeterminate: { true: { width: '40%', animation: `${slide} 1.4s ease-in-out infinite` } },
  },
  defaultVariants: { tone: 'brand' },
})
