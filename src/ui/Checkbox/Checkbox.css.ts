import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'

export const root = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' } },
})

export const box = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.125rem',
  height: '1.125rem',
  marginTop: '0.125rem',
  border: `1.5px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.textOnBrand,
  transition: `background ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    [`${root}[data-hovered] &`]: { borderColor: vars.color.textSubtle },
    [`${root}[data-selected] &, ${root}[data-indeterminate] &`]: {
      background: vars.color.brand,
      borderColor: vars.color.brand,
    },
    [`${root}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${root}[data-focus-visible] &`]: {
      outline: `2px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
})

export const text = style({
  display: 'grid',
  gap: vars.space.xxs,
  lineHeight: vars.lineHeight.normal,
})
export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })
