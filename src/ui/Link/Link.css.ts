import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'

export const link = recipe({
  base: {
    borderRadius: vars.radius.sm,
    textUnderlineOffset: '0.2em',
    cursor: 'pointer',
    outline: 'none',
    transition: `color ${vars.motion.fast}`,
    selectors: {
      '&[data-focus-visible]': {
        outline: `2px solid ${vars.color.focusRing}`,
        outlineOffset: '2px',
      },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
      '&[aria-current=page]': { fontWeight: vars.fontWeight.semibold },
    },
  },
  variants: {
    variant: {
      default: {
        color: vars.color.brand,
        textDecoration: 'underline',
        selectors: { '&[data-hovered]': { color: vars.color.brandHover } },
      },
      subtle: {
        color: 'inherit',
        textDecoration: 'none',
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
      standalone: {
        color: vars.color.brand,
        fontWeight: vars.fontWeight.medium,
        textDecoration: 'none',
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
    },
  },
  defaultVariants: { variant: 'default' },
})
