import { recipe } from '@vanilla-extract/recipes'
import { vars } from '~/styles/vars.css'
import { focusRing } from '../private/focus.css'

/** Hover: react-aria's data-hovered, or plain :hover on a router link wearing the class. */
const hovered = '&[data-hovered], &:not([data-rac]):hover'

export const link = recipe({
  base: {
    borderRadius: vars.radius.sm,
    textUnderlineOffset: '0.2em',
    cursor: 'pointer',
    outline: 'none',
    transition: `color ${vars.motion.fast}`,
    selectors: {
      ...focusRing.selectors,
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
      '&[aria-current=page]': { fontWeight: vars.fontWeight.semibold },
    },
  },
  variants: {
    variant: {
      default: {
        color: vars.color.brand,
        textDecoration: 'underline',
        selectors: { [hovered]: { color: vars.color.brandHover } },
      },
      subtle: {
        color: 'inherit',
        textDecoration: 'none',
        selectors: { [hovered]: { textDecoration: 'underline' } },
      },
      standalone: {
        color: vars.color.brand,
        fontWeight: vars.fontWeight.medium,
        textDecoration: 'none',
        selectors: { [hovered]: { textDecoration: 'underline' } },
      },
    },
  },
  defaultVariants: { variant: 'default' },
})
