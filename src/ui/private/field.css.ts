import { style } from '@vanilla-extract/css'
import { vars } from '~/styles/vars.css'
import { controlHeight } from '~/styles/tokens'

/** Shared by every form field: label above, control, description or error below. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  color: vars.color.text,
})

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.text,
  selectors: { '[data-disabled] > &': { opacity: 0.6 } },
})

export const description = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted })

export const error = style({
  fontSize: vars.fontSize.xs,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
})

/** The box around an input, a select button or a date field's segments. */
export const control = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: controlHeight.md,
  width: '100%',
  paddingInline: vars.space.md,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.textSubtle },
    '&[data-focus-visible], &[data-focus-within], &[data-focused]:is(input, textarea)': {
      borderColor: vars.color.focusRing,
      boxShadow: `0 0 0 1px ${vars.color.focusRing}`,
    },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': {
      opacity: 0.6,
      cursor: 'not-allowed',
      background: vars.color.surfaceSunken,
    },
    '&::placeholder': { color: vars.color.textSubtle, opacity: 1 },
  },
})

/** An input inside a `control` group (search, number, date): the group draws the box. */
export const bareInput = style({
  flex: 1,
  minWidth: 0,
  height: '100%',
  padding: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  outline: 'none',
  selectors: { '&::placeholder': { color: vars.color.textSubtle, opacity: 1 } },
})
