import { keyframes, style } from '@vanilla-extract/css'
import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})

export const svg = recipe({
  base: {
    flexShrink: 0,
    animation: `${spin} 0.8s linear infinite`,
    color: 'inherit',
  },
  variants: {
    size: {
      sm: { width: '1rem', height: '1rem' },
      md: { width: '1.5rem', height: '1.5rem' },
      lg: { width: '2.5rem', height: '2.5rem' },
    },
  },
  defaultVariants: { size: 'md' },
})

export const track = style({ opacity: 0.2 })
