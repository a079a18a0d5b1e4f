import { vars } from '../../styles/vars.css'

/** Shared focus ring: react-aria sets data-focus-visible only for keyboard focus. */
export const focusRing = {
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
} as const
