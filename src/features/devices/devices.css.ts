import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** Below this width the device table folds into three columns. */
export const NARROW_QUERY = 'screen and (max-width: 767px)'
/**
 * A fixed row height: the virtualiser positions rows without measuring them (fast at fleet size).
 * A phone's rows are taller: the name may take two lines there.
 */
export const ROW_HEIGHT = { wide: 56, narrow: 76 } as const
/** The list scrolls inside the page: below the header and toolbar, never shorter than a few rows. */
export const TABLE_MAX_HEIGHT = {
  wide: 'max(20rem, calc(100vh - 22rem))',
  narrow: 'max(28rem, 75vh)',
} as const

export const filterBox = style({
  flex: '0 0 10rem',
  '@media': { [NARROW_QUERY]: { flex: '1 1 8rem' } },
})
export const narrowOnly = style({
  '@media': { 'screen and (min-width: 768px)': { display: 'none' } },
})

export const nameLink = style({
  display: 'block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.brand, textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
})

/** A phone's name column is narrow: wrap a long name onto a second line before cutting it. */
export const nameWrap = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.tight,
})

/** Inline in the header's lead line (a paragraph of muted text). */
export const headerMeta = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
})

export const figureLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
})

export const formWidth = style({ maxWidth: '40rem' })
export const dangerZone = style({ marginTop: vars.space.xxl, maxWidth: '40rem' })

/** Corners: the photo is cut to the frame's rounding. */
export const photoCard = style({ overflow: 'hidden' })
export const photoButton = style({
  all: 'unset',
  cursor: 'zoom-in',
  display: 'block',
  aspectRatio: '4 / 3',
  background: vars.color.surfaceSunken,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
})
export const photo = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' })
/** A note may run to 500 characters: three lines here, all of it in the reading's title. */
export const photoNote = style({
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 3,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
})
export const fullPhoto = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '70vh',
  margin: '0 auto',
  objectFit: 'contain',
})

/** The overview's consumption figures take two of the grid's tracks on a desktop. */
export const wideCard = style({
  '@media': { 'screen and (min-width: 1024px)': { gridColumn: 'span 2' } },
})
