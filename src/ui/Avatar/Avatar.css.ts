import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const avatar = recipe({
  base: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: 0,
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    background: vars.color.brandSoft,
    color: vars.color.brand,
    fontWeight: vars.fontWeight.semibold,
    lineHeight: 1,
    letterSpacing: '0.02em',
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: '1.75rem', height: '1.75rem', fontSize: '0.6875rem' },
      md: { width: '2.25rem', height: '2.25rem', fontSize: vars.fontSize.sm },
      lg: { width: '3rem', height: '3rem', fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
})
