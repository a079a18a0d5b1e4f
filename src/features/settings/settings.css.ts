import { style } from '@vanilla-extract/css'
import { vars } from '../../styles'

export const page = style({
  display: 'grid',
  gap: vars.space.xl,
  maxWidth: '48rem',
  margin: '0 auto',
  width: '100%',
})

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.lg,
  margin: 0,
})

export const fact = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 })

export const factLabel = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
})

export const factValue = style({
  margin: 0,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
})
