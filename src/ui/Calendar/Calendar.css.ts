import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const calendar = style({
  width: 'fit-content',
  marginInline: 'auto',
  padding: vars.space.md,
  color: vars.color.text,
})

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
})

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
})

export const grid = style({ borderCollapse: 'collapse' })

export const headerCell = style({
  width: '2.25rem',
  paddingBottom: vars.space.xs,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
})

export const cell = style({
  display: 'grid',
  placeItems: 'center',
  width: '2.25rem',
  height: '2.25rem',
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-outside-month]': { visibility: 'hidden' },
    '&[data-hovered]': { background: vars.color.surfaceHover },
    '&[data-today]': { fontWeight: vars.fontWeight.bold, color: vars.color.brand },
    '&[data-selected]': { background: vars.color.brand, color: vars.color.textOnBrand },
    '&[data-selected][data-hovered]': { background: vars.color.brandHover },
    // A range: soft fill in the middle, solid ends.
    '[data-range] &[data-selected]': {
      background: vars.color.brandSoft,
      color: vars.color.text,
      borderRadius: 0,
    },
    '[data-range] &[data-selection-start], [data-range] &[data-selection-end]': {
      background: vars.color.brand,
      color: vars.color.textOnBrand,
      borderRadius: vars.radius.md,
    },
    '&[data-disabled], &[data-unavailable]': {
      color: vars.color.textSubtle,
      opacity: 0.5,
      cursor: 'not-allowed',
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
})
