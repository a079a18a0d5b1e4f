import { style } from '@vanilla-extract/css'
import { vars } from '~/styles'

/** A tariff or a time-of-use window: a framed block of fields. */
export const block = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  minWidth: 0,
})

export const blockHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
})

export const days = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.md}`,
  border: 0,
  padding: 0,
  margin: 0,
  minWidth: 0,
})

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
})

/**
 * The bill changes' content, a grid item of the dialog: it may be narrower than its table, which
 * then scrolls sideways in its frame instead of widening the dialog past a phone's screen.
 */
export const billChanges = style({ minWidth: 0 })
