import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const dropZone = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: vars.space.lg,
  border: `1.5px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  outline: 'none',
  selectors: {
    '&[data-drop-target]': { borderColor: vars.color.brand, background: vars.color.brandSoft },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '[data-invalid] > &': { borderColor: vars.color.danger },
  },
})

export const thumb = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '5rem',
  height: '5rem',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceHover,
  color: vars.color.textMuted,
})

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' })

export const body = style({ display: 'grid', gap: vars.space.sm, flex: 1, minWidth: '12rem' })
export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
})
export const fileName = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
})
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
