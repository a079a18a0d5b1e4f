import { vars } from '~/styles/vars.css'

/**
 * Shared focus ring: react-aria sets data-focus-visible only for keyboard focus; a plain element
 * wearing a component's class (a router link styled as a button) gets it from :focus-visible.
 */
export const focusRing = {
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &:not([data-rac]):focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
} as const
