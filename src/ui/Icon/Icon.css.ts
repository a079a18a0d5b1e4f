import { recipe } from '@vanilla-extract/recipes'

export const icon = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    verticalAlign: 'middle',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  variants: {
    size: {
      xs: { width: '0.875rem', height: '0.875rem' },
      sm: { width: '1rem', height: '1rem' },
      md: { width: '1.25rem', height: '1.25rem' },
      lg: { width: '1.5rem', height: '1.5rem' },
      xl: { width: '2.5rem', height: '2.5rem', strokeWidth: 1.5 },
    },
  },
  defaultVariants: { size: 'md' },
})
