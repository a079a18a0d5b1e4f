import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'
import { breakpoints } from '~/styles/tokens'

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const summary = style({ fontVariantNumeric: 'tabular-nums' })

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
})

export const pageSizeSelect = style({
  selectors: { '&&': { flexDirection: 'row', alignItems: 'center', gap: vars.space.sm } },
})
globalStyle(`${pageSizeSelect} button`, { width: '5.5rem' })

export const page = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
  whiteSpace: 'nowrap',
})

export const buttons = style({ display: 'flex', gap: vars.space.xs })

/** Previous/Next keep their words for screen readers but show only the chevron on phones. */
export const buttonText = style({
  '@media': {
    [`(max-width: ${breakpoints.tablet - 1}px)`]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
    },
  },
})
