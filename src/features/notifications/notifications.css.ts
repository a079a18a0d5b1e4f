import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** Keyboard focus only: react-aria sets data-focus-visible; plain links use :focus-visible. */
const focusRing = {
  outline: 'none',
  selectors: {
    '&[data-focus-visible], &:focus-visible': {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
  },
} as const

/* The bell in the top bar */

export const bellButton = style({ position: 'relative' })

export const bellBadge = style({
  position: 'absolute',
  top: 0,
  right: 0,
  transform: 'translate(25%, -15%)',
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  pointerEvents: 'none',
})

export const panel = style({
  width: '24rem',
  maxWidth: 'calc(100vw - 1rem)',
  maxHeight: 'min(36rem, calc(100vh - 5rem))',
})

export const panelBody = style({ flex: 1, minHeight: 0, overflowY: 'auto' })

/* One delivery, in the bell and in the history */

export const item = style({
  display: 'grid',
  gridTemplateColumns: '0.5rem 1fr',
  columnGap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  textAlign: 'start',
  font: 'inherit',
  color: vars.color.text,
  background: 'transparent',
  border: 'none',
})

export const itemPressable = style([
  focusRing,
  {
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { background: vars.color.surfaceHover },
      '&[data-pressed]': { background: vars.color.surfaceSunken },
    },
  },
])

export const unreadDot = style({
  width: '0.5rem',
  height: '0.5rem',
  marginTop: '0.4rem',
  borderRadius: vars.radius.full,
  background: vars.color.info,
})

export const attributes = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  margin: 0,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
})
