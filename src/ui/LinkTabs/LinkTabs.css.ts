import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

/** How far the strip fades out at an edge with more tabs beyond it. */
const fade = '2.5rem'

export const strip = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${vars.color.border}`,
  // A mask, not a coloured overlay: the fade matches any theme and background.
  selectors: {
    '&[data-more-end]': {
      maskImage: `linear-gradient(to right, #000 calc(100% - ${fade}), transparent)`,
    },
    '&[data-more-start]': {
      maskImage: `linear-gradient(to left, #000 calc(100% - ${fade}), transparent)`,
    },
    '&[data-more-start][data-more-end]': {
      maskImage: `linear-gradient(to right, transparent, #000 ${fade}, #000 calc(100% - ${fade}), transparent)`,
    },
  },
})

/** A plain anchor (a router link) or react-aria's Link: hover and focus from either. */
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  outline: 'none',
  selectors: {
    '&:hover, &[data-hovered]': { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&:focus-visible, &[data-focus-visible]': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
  },
})
