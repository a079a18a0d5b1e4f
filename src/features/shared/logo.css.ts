import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/*
 * The logo's styles apart from page.css: the sign-in page shows the logo and nothing else of the
 * pages' styles, and page.css would be one more chunk in its first JavaScript.
 */

/** The product logo (Logo). */
export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  letterSpacing: '-0.01em',
})

export const logoMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.textOnBrand,
})

/** Text a phone has no room for (the logo's name, the user menu's name). */
export const visuallyHiddenOnNarrow = style({
  '@media': {
    'screen and (max-width: 640px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
})
